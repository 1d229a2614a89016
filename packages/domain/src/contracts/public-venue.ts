import { z } from '../zod.ts';

/**
 * The public venue and its menu (architecture 4.2): GET /api/public/venue?venue=<venueUrl>, what the
 * guest pages read. Amounts are decimals in the venue's currency.
 */

export const publicVenueQuerySchema = z.strictObject({
  venue: z.string({ error: 'must be a single venue url' }).max(200, { error: 'is too long' }).optional(),
});

export const publicVariationSchema = z.object({
  id: z.string(),
  name: z.string(),
  price_variation: z.number(),
  /** The option's own dietary tags (counted in the card's icons when chosen). */
  preferences: z.array(z.string()),
  allergenes: z.array(z.string()),
});

/** An option group (architecture 4.3): choose from `min` to `max` of `variationIds`. */
export const publicVariationGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  min: z.number().int(),
  max: z.number().int(),
  variationIds: z.array(z.string()),
});

export const publicCategorySchema = z.object({ id: z.string(), name: z.string() });

export const publicProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number().nullable(),
  image: z.string().nullable(),
  status: z.string(),
  recommended: z.boolean(),
  preferences: z.array(z.string()),
  allergenes: z.array(z.string()),
  categories: z.array(publicCategorySchema),
  variations: z.array(publicVariationSchema),
  /** Empty when the product has no groups. */
  variationGroups: z.array(publicVariationGroupSchema),
  /** The rate id of its tax (its own, else its categories'), null for the venue's default rate. */
  tax_rate: z.string().nullable().optional(),
});

/** Opening hours, pause and prep time now (architecture 4.10). */
export const publicAvailabilitySchema = z.object({
  open: z.boolean(),
  closesAt: z.string().optional(),
  nextOpening: z.string().optional(),
  paused: z.object({ until: z.string().optional(), message: z.string().optional() }).optional(),
  prepMinutes: z.number().int().optional(),
  /** The venue's time zone: the guest pages write times in it. */
  timezone: z.string().optional(),
});

/** How tax and the service charge apply (architecture 4.13). */
export const publicTaxSchema = z.object({
  mode: z.enum(['inclusive', 'exclusive']),
  rates: z.array(z.object({ id: z.string(), name: z.string(), percent: z.number() })),
  defaultRate: z.string(),
  serviceCharge: z.object({ percent: z.number(), rate: z.string().optional() }).nullable().optional(),
});

export const publicVenueSchema = z.object({
  id: z.string(),
  venueUrl: z.string(),
  name: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  headerIcon: z.string().nullable(),
  defaultImage: z.string().nullable(),
  inputPlaceholder: z.string().nullable(),
  useTextMenu: z.boolean(),
  textMenu: z.string().nullable(),
  spots: z.array(z.string()),
  enable_uber_direct: z.boolean(),
  theme: z.object({ primary: z.string(), accent: z.string().optional() }).nullable(),
  /** Guests may pay by card: the venue allows it and card payment is configured on the server. */
  cardPayment: z.boolean(),
  /** Categories in menu order (products reference them by id). */
  categories: z.array(publicCategorySchema.extend({ availableNow: z.boolean().optional() })),
  /** null: no tax set. */
  tax: publicTaxSchema.nullable().optional(),
  availability: publicAvailabilitySchema.optional(),
  /** Pickup ("click and collect", decision 032): offered, and the slot length; the slots: GET /api/public/pickup-slots. */
  pickup: z.object({ enabled: z.boolean(), slotMinutes: z.number().int() }).nullable().optional(),
  /**
   * Delivery limits the guest sees before paying (decision 032): the minimum for the dishes (decimal),
   * and the area (a radius in km, or the postcodes served). Absent: none.
   */
  deliveryRules: z
    .object({
      minimumOrder: z.number().optional(),
      radiusKm: z.number().optional(),
      postcodes: z.array(z.string()).optional(),
    })
    .optional(),
});

/** The answer's `data`: served pre-encoded (with an ETag), so this schema describes it, never strips it. */
export const publicVenueResponseSchema = z.object({
  venue: publicVenueSchema,
  menu: z.array(publicProductSchema),
});

/** GET /api/public/pickup-slots?venue=<venueUrl> */
export const pickupSlotsQuerySchema = z.strictObject({
  venue: z.string({ error: 'must be a single venue url' }).max(200, { error: 'is too long' }).optional(),
});

/** The answer: the times a guest may collect an order now (decision 032), in the venue's zone. */
export const pickupSlotsSchema = z.object({
  /** The venue's time zone (UTC for a venue without hours). */
  timezone: z.string(),
  slotMinutes: z.number().int(),
  /** ISO 8601 with the venue's offset, ascending; empty when no slot is left. */
  slots: z.array(z.string()),
});
export type PickupSlots = z.infer<typeof pickupSlotsSchema>;
