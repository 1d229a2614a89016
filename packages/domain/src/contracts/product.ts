import { z } from '../zod.ts';
import { MAX_OPTION_GROUPS } from '../options.ts';
import type { PublicProduct } from '../public-types.ts';
import {
  importProductSchema,
  importVariationGroupSchema,
  importVariationSchema,
  PRODUCT_LIMITS,
} from '../venue-import.ts';
import { idSchema } from './common.ts';
import { taxRateIdSchema } from './tax-settings.ts';

/**
 * A venue's dishes as its staff edit them (architecture 4.7): GET, POST, PATCH and DELETE
 * /api/product. Field shapes and rules are the import file's (venue-import.ts); what differs is that
 * ids are the database's (categories, images) and that a variation or a group the client has just
 * added carries any temporary id the client chose. One source for the back-office form, the routes
 * and the staff chat.
 */

const P = importProductSchema.shape;
const V = importVariationSchema.shape;
const G = importVariationGroupSchema.shape;

/** An uploaded image (POST /api/asset answers its id). */
export const assetIdSchema = idSchema('image');

/** A variation: `id` is its database id when it exists, or a temporary id chosen by the client. */
export const staffVariationSchema = importVariationSchema.extend({ id: V.id.optional() }).strict();

/** An option group; `variationIds` name the product's variations by the same ids as `variations[].id`. */
export const staffVariationGroupSchema = importVariationGroupSchema
  .omit({ variations: true })
  .extend({ id: G.id.optional(), variationIds: G.variations })
  .strict();

/** Every product field of the forms, without defaults (a PATCH sends only what changed). */
const productFields = {
  name: P.name,
  description: P.description,
  price: P.price,
  /** The dish's own tax rate (a rate id of the venue's tax settings); null: its category's, else the default. */
  taxRate: taxRateIdSchema.nullable(),
  image: assetIdSchema.nullish(),
  status: P.status.unwrap(),
  recommended: P.recommended.unwrap(),
  preferences: P.preferences.unwrap(),
  allergenes: P.allergenes.unwrap(),
  categories: z
    .array(z.string({ error: 'must be a category id' }), { error: 'must be a list of category ids' })
    .max(PRODUCT_LIMITS.categories, { error: `must have at most ${PRODUCT_LIMITS.categories} entries` }),
  variations: z
    .array(staffVariationSchema, { error: 'must be a list' })
    .max(PRODUCT_LIMITS.variations, { error: `must have at most ${PRODUCT_LIMITS.variations} entries` }),
  variationGroups: z
    .array(staffVariationGroupSchema, { error: 'must be a list' })
    .max(MAX_OPTION_GROUPS, { error: `must have at most ${MAX_OPTION_GROUPS} entries` }),
};

const EXAMPLE_VENUE = '3f1c2a9e-5b7d-4e1a-9c3b-2d4e6f8a0b1c';

/** POST /api/product: the product plus `venue` (its venue id); created `available` unless told otherwise. */
export const createProductSchema = z
  .object(
    {
      venue: idSchema('venue'),
      ...productFields,
      taxRate: productFields.taxRate.optional(),
      status: productFields.status.default('available'),
      recommended: productFields.recommended.default(false),
      preferences: productFields.preferences.default([]),
      allergenes: productFields.allergenes.default([]),
      categories: productFields.categories.default([]),
      variations: productFields.variations.default([]),
      variationGroups: productFields.variationGroups.default([]),
    },
    { error: 'must be an object' },
  )
  .strict()
  .meta({
    examples: [
      {
        venue: EXAMPLE_VENUE,
        name: 'Margherita',
        description: 'Tomato, mozzarella, basil',
        price: 9.5,
        taxRate: null,
        allergenes: ['gluten', 'milk'],
        variations: [
          { id: 'small', name: 'Small', price_variation: -2 },
          { id: 'large', name: 'Large', price_variation: 3.5 },
        ],
        variationGroups: [{ id: 'size', name: 'Size', min: 1, max: 1, variationIds: ['small', 'large'] }],
      },
    ],
  });
export type CreateProductInput = z.input<typeof createProductSchema>;
export type CreateProduct = z.infer<typeof createProductSchema>;
export type ProductStatus = CreateProduct['status'];

/** PATCH /api/product: `{id, ...changed fields}`; a list sent replaces the product's whole list. */
export const updateProductSchema = z
  .object(
    {
      id: z.string({ error: 'must be a product id' }),
      /** Accepted for symmetry with POST; it must be the product's own venue. */
      venue: idSchema('venue').optional(),
      name: productFields.name.optional(),
      description: productFields.description,
      price: productFields.price,
      taxRate: productFields.taxRate.optional(),
      image: productFields.image,
      status: productFields.status.optional(),
      recommended: productFields.recommended.optional(),
      preferences: productFields.preferences.optional(),
      allergenes: productFields.allergenes.optional(),
      categories: productFields.categories.optional(),
      variations: productFields.variations.optional(),
      variationGroups: productFields.variationGroups.optional(),
    },
    { error: 'must be an object' },
  )
  .strict()
  .meta({ examples: [{ id: '8b0e4f2a-1c3d-4e5f-8a9b-0c1d2e3f4a5b', price: 10, taxRate: 'alcohol' }] });
export type UpdateProductInput = z.input<typeof updateProductSchema>;
export type UpdateProduct = z.infer<typeof updateProductSchema>;

/** A whole product as the forms edit it (the create body without `venue`), after parsing. */
export type StaffProductValues = Omit<CreateProduct, 'venue'>;
export type StaffVariationValues = StaffProductValues['variations'][number];
export type StaffVariationGroupValues = StaffProductValues['variationGroups'][number];
/** The body the form sends: the create body without `venue`, before defaults. */
export type ProductInput = Omit<CreateProductInput, 'venue'>;
/** The body of PATCH: the id and the fields that changed. */
export type ProductPatch = UpdateProductInput;

/** GET /api/product?venueId&owner=true: `owner=true` lists the dishes that are not available too. */
export const productListQuerySchema = z.strictObject({
  venueId: idSchema('venue'),
  owner: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});

/** DELETE /api/product?id= (without it: 400 'Product id is required'). */
export const productIdQuerySchema = z.strictObject({ id: z.string({ error: 'must be a product id' }).optional() });

/** The answer of a DELETE: the id of what is gone. */
export const deletedSchema = z.object({ id: z.string() });

/** A product as the public venue and the staff see it (architecture 4.2). */
export const productVariationSchema = z.object({
  id: z.string(),
  name: z.string(),
  price_variation: z.number(),
  preferences: z.array(z.string()),
  allergenes: z.array(z.string()),
});
export const productVariationGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  min: z.number().int(),
  max: z.number().int(),
  variationIds: z.array(z.string()),
});
export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number().nullable().meta({ description: 'Decimal, in the venue currency; null: "ask for price".' }),
  image: z.string().nullable().meta({ description: 'The URL the browser loads.' }),
  status: z.string(),
  recommended: z.boolean(),
  preferences: z.array(z.string()),
  allergenes: z.array(z.string()),
  categories: z.array(z.object({ id: z.string(), name: z.string() })),
  variations: z.array(productVariationSchema),
  variationGroups: z.array(productVariationGroupSchema),
  tax_rate: z.string().nullable().optional(),
}) satisfies z.ZodType<PublicProduct>;

/** The product as staff calls answer it: the public shape plus the image's asset id for the forms. */
export const staffProductSchema = productSchema.extend({
  taxRate: z.string().nullable().meta({
    description:
      "The dish's own tax rate (a rate id); null: its category's, else the venue's default. `tax_rate` is the rate that applies.",
  }),
  imageId: z
    .string()
    .nullable()
    .meta({ description: 'The asset id behind `image` (send it back as `image` to keep the picture).' }),
});
export type StaffProduct = z.infer<typeof staffProductSchema>;
