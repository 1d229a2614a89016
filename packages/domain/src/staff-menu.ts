import { printOnSchema, stationsSchema, type PrintOn, type Station } from './kitchen.ts';
import { z } from './zod.ts';
import type { FieldIssue } from './errors.ts';
import { zodFieldIssues } from './contracts/common.ts';
import { toMinor } from './money.ts';
import { cheapestChoiceMinor, MAX_OPTION_GROUPS, optionGroupIssues } from './options.ts';
import type { PublicCategory, PublicProduct } from './public-types.ts';
import {
  DELIVERY_SPOT,
  importCategorySchema,
  importProductSchema,
  importVariationGroupSchema,
  importVariationSchema,
  importVenueSchema,
} from './venue-import.ts';
import { scheduleFieldsSchema, weekHoursSchema, type Closure, type SpecialDay, type WeekHours } from './hours.ts';
import { prepMinutesSchema } from './contracts/venue-service.ts';
import { legalSchema, taxRateIdSchema, taxSettingsSchema, type LegalDetails } from './contracts/tax-settings.ts';
import type { TaxSettings } from './tax.ts';

/**
 * The staff menu and venue contract (architecture 4.7): one source for the back-office forms, the
 * server routes and the staff chat. Field shapes and rules are the import file's (venue-import.ts);
 * what differs is that ids are the database's (categories, images) and that a variation or a group
 * the client has just added carries any temporary id the client chose.
 */

const P = importProductSchema.shape;
const V = importVariationSchema.shape;
const G = importVariationGroupSchema.shape;
const VENUE = importVenueSchema.shape;

const dbId = (what: string) => z.uuid({ error: `must be a ${what} id` });
/** An uploaded image (POST /api/asset answers its id). */
const assetId = dbId('image');

/** Image types an upload may have, read from the file's bytes (SVG is never accepted). */
export const UPLOAD_IMAGE_TYPES = ['JPEG', 'PNG', 'WebP', 'GIF', 'AVIF'] as const;

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
  image: assetId.nullish(),
  status: P.status.unwrap(),
  recommended: P.recommended.unwrap(),
  preferences: P.preferences.unwrap(),
  allergenes: P.allergenes.unwrap(),
  categories: z
    .array(z.string({ error: 'must be a category id' }), { error: 'must be a list of category ids' })
    .max(20, { error: 'must have at most 20 entries' }),
  variations: z
    .array(staffVariationSchema, { error: 'must be a list' })
    .max(50, { error: 'must have at most 50 entries' }),
  variationGroups: z
    .array(staffVariationGroupSchema, { error: 'must be a list' })
    .max(MAX_OPTION_GROUPS, { error: `must have at most ${MAX_OPTION_GROUPS} entries` }),
};

/** POST /api/product: the product plus `venue` (its venue id); created `available` unless told otherwise. */
export const createProductSchema = z
  .object(
    {
      venue: dbId('venue'),
      ...productFields,
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
  .strict();
export type CreateProductInput = z.input<typeof createProductSchema>;
export type CreateProduct = z.infer<typeof createProductSchema>;

/** PATCH /api/product: `{id, ...changed fields}`; a list sent replaces the product's whole list. */
export const updateProductSchema = z
  .object(
    {
      id: z.string({ error: 'must be a product id' }),
      /** Accepted for symmetry with POST; it must be the product's own venue. */
      venue: dbId('venue').optional(),
      name: productFields.name.optional(),
      description: productFields.description,
      price: productFields.price,
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
  .strict();
export type UpdateProductInput = z.input<typeof updateProductSchema>;
export type UpdateProduct = z.infer<typeof updateProductSchema>;

/** A whole product as the forms edit it (the create body without `venue`), after parsing. */
export type StaffProductValues = Omit<CreateProduct, 'venue'>;
export type StaffVariationValues = StaffProductValues['variations'][number];
export type StaffVariationGroupValues = StaffProductValues['variationGroups'][number];

/** The product as staff calls answer it: the public shape plus the image's asset id for the forms. */
export interface StaffProduct extends PublicProduct {
  /** The asset id behind `image` (send it back as `image` to keep the picture). */
  imageId: string | null;
}

export const createCategorySchema = z
  .object({ venueId: dbId('venue'), name: importCategorySchema.shape.name }, { error: 'must be an object' })
  .strict();
export type CreateCategoryInput = z.infer<typeof createCategorySchema>;

export const updateCategorySchema = z
  .object(
    {
      id: dbId('category'),
      name: importCategorySchema.shape.name.optional(),
      /** The category's own week (breakfast until 11); null follows the venue's hours. */
      hours: weekHoursSchema.nullable().optional(),
      /** 0-based place among the venue's categories; the others move to make room. */
      position: z
        .number({ error: 'must be a whole number' })
        .int({ error: 'must be a whole number' })
        .min(0, { error: 'must be at least 0' })
        .max(10_000, { error: 'must be at most 10000' })
        .optional(),
      /** The kitchen station of its dishes (a station id of the venue); null: the first station. */
      station: z
        .string({ error: 'must be a station id' })
        .trim()
        .min(1, { error: 'must be a station id' })
        .nullable()
        .optional(),
      /** The tax rate of its dishes (a rate id of the venue's tax settings); null: the venue's default. */
      taxRate: taxRateIdSchema.nullable().optional(),
    },
    { error: 'must be an object' },
  )
  .strict();
export type UpdateCategoryInput = z.infer<typeof updateCategorySchema>;

export interface StaffCategory extends PublicCategory {
  position: number;
  /** The category's own week, or null when it follows the venue's hours. */
  hours?: WeekHours | null;
  /** The kitchen station of its dishes; null: the first station. */
  station?: string | null;
  /** The tax rate of its dishes; null: the venue's default rate. */
  taxRate?: string | null;
}

/** PATCH /api/venue (owners): `{id, ...changed settings}`. */
export const venueSettingsSchema = z
  .object(
    {
      id: dbId('venue'),
      name: VENUE.name.optional(),
      headerIcon: assetId.nullable().optional(),
      inputPlaceholder: VENUE.inputPlaceholder,
      theme: VENUE.theme,
      spots: VENUE.spots.unwrap().optional(),
      useTextMenu: VENUE.useTextMenu.unwrap().optional(),
      textMenu: VENUE.textMenu,
      deliveryFee: VENUE.deliveryFee,
      enable_uber_direct: VENUE.enable_uber_direct.unwrap().optional(),
      pickupAddress: VENUE.pickupAddress,
      pickupPhone: VENUE.pickupPhone,
      cardPayment: z.boolean({ error: 'must be true or false' }).optional(),
      // Opening hours (architecture 4.10); each given field replaces the stored one.
      ...scheduleFieldsSchema.shape,
      /** The kitchen's current prep time (managers may set it too, from the board). */
      prepMinutes: prepMinutesSchema.nullable().optional(),
      stations: stationsSchema.optional(),
      printOn: printOnSchema.optional(),
      /** Taxes and the service charge (architecture 4.13); null turns taxes off. */
      tax: taxSettingsSchema.nullable().optional(),
      /** The seller printed on receipts; null clears it. */
      legal: legalSchema.nullable().optional(),
    },
    { error: 'must be an object' },
  )
  .strict();
export type VenueSettingsInput = z.input<typeof venueSettingsSchema>;
export type VenueSettingsPatch = z.infer<typeof venueSettingsSchema>;

/** GET /api/venue and the answer of PATCH /api/venue. */
export interface StaffVenueSettings {
  id: string;
  venueUrl: string;
  name: string;
  currency: string;
  /** Asset id of the header icon (send it back to keep it), and where the browser loads it. */
  headerIcon: string | null;
  headerIconUrl: string | null;
  inputPlaceholder: string | null;
  theme: { primary: string; accent?: string } | null;
  spots: string[];
  useTextMenu: boolean;
  textMenu: string | null;
  enable_uber_direct: boolean;
  /** Decimal, in the venue's currency; null when the venue sets none. */
  deliveryFee: number | null;
  pickupAddress: string | null;
  pickupPhone: string | null;
  cardPayment: boolean;
  /** Opening hours (architecture 4.10): all null / empty when the venue sets none (always open). */
  timezone: string | null;
  hours: WeekHours | null;
  closures: Closure[];
  specialHours: SpecialDay[];
  lastOrderMinutes: number | null;
  prepMinutes: number | null;
  /** Kitchen stations (architecture 4.11) and when tickets print. */
  stations?: Station[];
  printOn?: PrintOn;
  /** Taxes and the service charge; null: no tax shown. */
  tax?: TaxSettings | null;
  /** Legal name, address and tax number for receipts. */
  legal?: LegalDetails | null;
  /** In menu order. */
  categories: StaffCategory[];
  /** The caller's role at the venue. */
  role: 'owner' | 'manager';
  /**
   * The address guests' links and table QR codes carry: PUBLIC_URL, or this request's origin when the
   * operator has not set it (then `publicUrlConfigured` is false and the back office warns).
   */
  publicUrl?: string;
  publicUrlConfigured?: boolean;
}

/** zod issues as field issues relative to the body (`variations[1].price_variation`). */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return zodFieldIssues(error);
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; issues: FieldIssue[] };

/** Parses with a schema, answering field issues (with "is required" for a missing field). */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): Parsed<z.infer<S>> {
  const parsed = schema.safeParse(input, { reportInput: true });
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, issues: fieldIssues(parsed.error) };
}

/**
 * The import's rules that tie a product's parts together, on a parsed product (paths relative to
 * it): variation ids unique, option groups valid (optionGroupIssues, listed ids under
 * `variationGroups[i].variationIds[j]`), and the cheapest valid choice not below 0.
 */
export function productRuleIssues(
  p: Pick<StaffProductValues, 'price' | 'variations' | 'variationGroups'>,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  p.variations.forEach((v, i) => {
    if (v.id === undefined) return;
    if (seen.has(v.id)) {
      issues.push({
        path: `variations[${i}].id`,
        code: 'duplicate',
        params: { name: v.id },
        message: `duplicate variation id "${v.id}"`,
      });
    }
    seen.add(v.id);
  });
  // Variations without an id cannot be in a group: they get ids no group can name.
  const ids = p.variations.map((v, i) => v.id ?? `\u0000${i}`);
  const groups = p.variationGroups.map((g, gi) => ({
    id: g.id ?? `\u0000${gi}`,
    name: g.name,
    min: g.min,
    max: g.max,
    variationIds: g.variationIds,
  }));
  const groupIssues = optionGroupIssues({ variationIds: ids, groups }).map((i) => ({
    ...i,
    path: i.path.replace(/\.variations\[/, '.variationIds['),
  }));
  issues.push(...groupIssues);
  if (p.price != null && groupIssues.length === 0) {
    const cheapest = cheapestChoiceMinor({
      priceMinor: toMinor(p.price),
      variations: p.variations.map((v, i) => ({ id: ids[i]!, priceVariationMinor: toMinor(v.price_variation ?? 0) })),
      variationGroups: groups,
    });
    if (cheapest !== null && cheapest < 0) {
      issues.push({
        path: 'price',
        code: 'negative_price',
        params: { cheapest: cheapest / 100 },
        message: `the cheapest choice of options would cost ${(cheapest / 100).toFixed(2)}: a price may not be below 0`,
      });
    }
  }
  return issues;
}

/**
 * The import's venue rules on the settings a PATCH would leave: table names unique (case does not
 * count), "delivery" kept for courier delivery, a text menu when useTextMenu is on.
 */
export function venueSettingsIssues(v: {
  spots: string[];
  useTextMenu: boolean;
  textMenu: string | null;
}): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  v.spots.forEach((spot, i) => {
    const k = spot.toLowerCase();
    if (k === DELIVERY_SPOT) {
      issues.push({
        path: `spots[${i}]`,
        code: 'reserved',
        params: { name: DELIVERY_SPOT },
        message: `"${DELIVERY_SPOT}" is reserved for courier delivery`,
      });
    } else if (seen.has(k))
      issues.push({
        path: `spots[${i}]`,
        code: 'duplicate',
        params: { name: spot },
        message: `duplicate spot "${spot}"`,
      });
    seen.add(k);
  });
  if (v.useTextMenu && !v.textMenu?.trim()) {
    issues.push({ path: 'textMenu', code: 'required', message: 'is required when useTextMenu is true' });
  }
  return issues;
}

/** `/<venueUrl>?spot=<table>` under the public address: what a table's QR code opens. */
export function tableUrl(publicUrl: string, venueUrl: string, spot: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/${encodeURIComponent(venueUrl)}?spot=${encodeURIComponent(spot)}`;
}
