import { z } from '../zod.ts';
import { scheduleFieldsSchema } from '../hours.ts';
import { printOnSchema, PRINT_ON, stationsSchema } from '../kitchen.ts';
import { importVenueSchema } from '../venue-import.ts';
import { staffCategorySchema, weekHoursAnswerSchema } from './category.ts';
import { idSchema } from './common.ts';
import { assetIdSchema } from './product.ts';
import { prepMinutesSchema } from './venue-service.ts';
import { legalAnswerSchema, legalSchema, taxSettingsSchema } from './tax-settings.ts';
import { publicTaxSchema } from './public-venue.ts';
import { deliveryRulesSchema, pickupSettingsSchema } from '../fulfilment.ts';

/** Pickup as stored and answered (no transform: an answer schema). */
export const pickupAnswerSchema = z.object({ enabled: z.boolean(), slotMinutes: z.number().int().optional() });
/** Delivery limits as stored and answered; `minimumOrder` decimal in the venue's currency. */
export const deliveryRulesAnswerSchema = z.object({
  minimumOrder: z.number().nullable().optional(),
  radiusKm: z.number().nullable().optional(),
  origin: z.object({ lat: z.number(), lng: z.number() }).nullable().optional(),
  postcodes: z.array(z.string()).nullable().optional(),
});

/**
 * A venue as its staff see and edit it (architecture 4.7 and 4.10): GET and PATCH /api/venue, and
 * the printable table QR codes (GET /api/venue/qr).
 */

const VENUE = importVenueSchema.shape;

/** GET /api/venue?venueId (and every `?venueId=` of the staff routes). */
export const venueIdQuerySchema = z.strictObject({ venueId: idSchema('venue') });

/** PATCH /api/venue (owners; managers may send `prepMinutes` alone): `{id, ...changed settings}`. */
export const venueSettingsSchema = z
  .object(
    {
      id: idSchema('venue'),
      name: VENUE.name.optional(),
      headerIcon: assetIdSchema.nullable().optional(),
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
      /** Pickup ("click and collect", decision 032); null turns it off. */
      pickup: pickupSettingsSchema.nullable().optional(),
      /** Delivery limits (decision 032): minimum, radius and its centre, or postcodes; null clears them. */
      deliveryRules: deliveryRulesSchema.nullable().optional(),
    },
    { error: 'must be an object' },
  )
  .strict()
  .meta({
    examples: [
      {
        id: '3f1c2a9e-5b7d-4e1a-9c3b-2d4e6f8a0b1c',
        name: 'Casa Verde',
        spots: ['1', '2', 'Terrace A'],
        theme: { primary: '#b4532a' },
        cardPayment: true,
      },
    ],
  });
export type VenueSettingsInput = z.input<typeof venueSettingsSchema>;
export type VenueSettingsPatch = z.infer<typeof venueSettingsSchema>;

const stationAnswerSchema = z.object({
  id: z.string(),
  name: z.string(),
  printer: z.string().nullable().optional(),
  width: z.union([z.literal(80), z.literal(58)]).optional(),
  language: z.string().optional(),
});

/** GET /api/venue and the answer of PATCH /api/venue. */
export const staffVenueSettingsSchema = z.object({
  id: z.string(),
  venueUrl: z.string(),
  name: z.string(),
  currency: z.string(),
  /** Asset id of the header icon (send it back to keep it), and where the browser loads it. */
  headerIcon: z.string().nullable(),
  headerIconUrl: z.string().nullable(),
  inputPlaceholder: z.string().nullable(),
  theme: z.object({ primary: z.string(), accent: z.string().optional() }).nullable(),
  spots: z.array(z.string()),
  useTextMenu: z.boolean(),
  textMenu: z.string().nullable(),
  enable_uber_direct: z.boolean(),
  /** Decimal, in the venue's currency; null when the venue sets none. */
  deliveryFee: z.number().nullable(),
  pickupAddress: z.string().nullable(),
  pickupPhone: z.string().nullable(),
  cardPayment: z.boolean(),
  /** Opening hours (architecture 4.10): all null / empty when the venue sets none (always open). */
  timezone: z.string().nullable(),
  hours: weekHoursAnswerSchema.nullable(),
  closures: z.array(z.object({ from: z.string(), to: z.string(), note: z.string().optional() })),
  specialHours: z.array(z.object({ date: z.string(), ranges: z.array(z.tuple([z.string(), z.string()])) })),
  lastOrderMinutes: z.number().int().nullable(),
  prepMinutes: z.number().int().nullable(),
  /** Kitchen stations (architecture 4.11) and when tickets print. */
  stations: z.array(stationAnswerSchema).optional(),
  printOn: z.enum(PRINT_ON).optional(),
  /** Taxes and the service charge; null: no tax shown (as stored: the answer's schema has no transform). */
  tax: publicTaxSchema.nullable().optional(),
  /** Legal name, address and tax number for receipts. */
  legal: legalAnswerSchema.nullable().optional(),
  /** Pickup and delivery limits (decision 032); null when the venue sets none. */
  pickup: pickupAnswerSchema.nullable().optional(),
  deliveryRules: deliveryRulesAnswerSchema.nullable().optional(),
  /** In menu order. */
  categories: z.array(staffCategorySchema),
  /** The caller's role at the venue. */
  role: z.enum(['owner', 'manager']),
  /**
   * The address guests' links and table QR codes carry: PUBLIC_URL, or this request's origin when the
   * operator has not set it (then `publicUrlConfigured` is false and the back office warns).
   */
  publicUrl: z.string().optional(),
  publicUrlConfigured: z.boolean().optional(),
});
export type StaffVenueSettings = z.infer<typeof staffVenueSettingsSchema>;

/** The QR code sheets: one table per A4 page, or cards to cut out. */
export const QR_LAYOUTS = ['pages', 'cards'] as const;
export type QrLayout = (typeof QR_LAYOUTS)[number];

/** GET /api/venue/qr?venueId&layout */
export const venueQrQuerySchema = venueIdQuerySchema.extend({
  layout: z.enum(QR_LAYOUTS, { error: 'must be pages or cards' }).default('pages'),
});
