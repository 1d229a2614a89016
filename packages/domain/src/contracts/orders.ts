import { z } from '../zod.ts';
import { allergyBanner, type AllergyProfile } from '../allergens.ts';
import { MAX_LINE_QUANTITY, normaliseItemNotes } from '../cart.ts';
import { deliveryInfoSchema, type DeliveryInfo } from '../delivery.ts';
import { DomainError, type ErrorCode, type FieldIssue } from '../errors.ts';
import { hasAtMostTwoDecimals, toMinor } from '../money.ts';
import { charLength, ITEM_NOTES_MAX_LENGTH } from '../options.ts';
import { ORDER_STATUSES } from '../order-status.ts';
import { allergyProfileAnswerSchema, allergyProfileSchema } from './allergy-profile.ts';
import { idSchema, zodFieldIssues } from './common.ts';
import { PICKUP_SPOT } from '../spot.ts';

/** An ISO 8601 instant with seconds optional and an offset or Z: 2026-12-01T19:30:00+01:00. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * A guest's order (architecture 4.4, spec sections 4 and 5): POST /api/order and GET /api/order, the
 * board's status moves and allergy acknowledgement, and the guest's live stream. The body of POST
 * /api/order is this one schema: the route validates with it, the service reads its output, the web
 * builds its input type. Prices sent by a client are never read: the server prices the order.
 */

export const MAX_ORDER_LINES = 100;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
export const ORDER_NOTES_MAX_LENGTH = 500;
/** The longest reason a status change (a cancellation) may give. */
export const REASON_MAX_LENGTH = 500;

const quantityError = { error: `must be a whole number from 1 to ${MAX_LINE_QUANTITY}` };
const idText = (what: string) =>
  z
    .string({ error: `must be a ${what} id` })
    .trim()
    .min(1, { error: `must be a ${what} id` })
    .max(100, { error: `must be a ${what} id` });

export const orderItemSchema = z.strictObject(
  {
    /** Any text id is read; one that is not in the venue's menu is PRODUCT_NOT_IN_MENU (422). */
    productId: idText('product'),
    variationIds: z
      .array(idText('variation'), { error: 'must be a list of variation ids' })
      .max(50, { error: 'must have at most 50 entries' })
      .default([]),
    quantity: z.number(quantityError).int(quantityError).min(1, quantityError).max(MAX_LINE_QUANTITY, quantityError),
    /** The guest's note for the kitchen; blank is none. */
    notes: z
      .string({ error: 'must be text' })
      .refine((s) => charLength(s.trim()) <= ITEM_NOTES_MAX_LENGTH, {
        error: `must be at most ${ITEM_NOTES_MAX_LENGTH} characters`,
        params: { code: 'too_big', max: ITEM_NOTES_MAX_LENGTH, origin: 'string' },
      })
      .nullish()
      .transform((s) => normaliseItemNotes(s)),
  },
  { error: 'must be an object' },
);

const required = { error: 'is required' };

/** POST /api/order as the client sends it (z.input) and as the server reads it (z.output). */
export const orderBodySchema = z
  .strictObject(
    {
      venueUrl: z.string(required).trim().min(1, required).max(200, { error: 'is too long' }),
      venueId: z.string(required).trim().min(1, required).max(100, { error: 'is too long' }),
      items: z
        .array(orderItemSchema, { error: 'must be a list of lines' })
        .min(1, { error: 'must have at least one line' })
        .max(MAX_ORDER_LINES, { error: `must have at most ${MAX_ORDER_LINES} lines` }),
      /** A table name, or 'delivery' (DELIVERY_SPOT) for a delivery order. */
      spot: z
        .string(required)
        .refine((s) => s.trim() !== '', { error: 'is required', params: { code: 'required' } })
        .refine((s) => charLength(s) <= 100, { error: 'is too long', params: { code: 'too_big', max: 100 } }),
      delivery: z.boolean({ error: 'must be true or false' }).default(false),
      /** Delivery orders: the fee the guest was shown (decimal), from POST /api/delivery-quote. */
      deliveryCost: z
        .number({ error: 'must be the quoted fee' })
        .min(0, { error: 'must be the quoted fee' })
        .refine(hasAtMostTwoDecimals, { error: 'must be the quoted fee', params: { code: 'two_decimals' } })
        .optional(),
      /** Delivery orders: the quote that fee came from. */
      deliveryQuoteId: z
        .string({ error: 'must be a quote id' })
        .trim()
        .min(1, { error: 'must be a quote id' })
        .max(100, { error: 'must be a quote id' })
        .nullish(),
      deliveryInfo: deliveryInfoSchema.strict().nullish(),
      notes: z
        .string({ error: `must be text of at most ${ORDER_NOTES_MAX_LENGTH} characters` })
        .refine((s) => charLength(s) <= ORDER_NOTES_MAX_LENGTH, {
          error: `must be text of at most ${ORDER_NOTES_MAX_LENGTH} characters`,
          params: { code: 'too_big', max: ORDER_NOTES_MAX_LENGTH, origin: 'string' },
        })
        .nullish(),
      /** The guest's allergies and diets (decision 028): the staff acknowledge them before preparing. */
      allergyProfile: allergyProfileSchema.nullish(),
      /**
       * Pickup orders (`spot: "pickup"`, decision 032): the time the guest collects the order, one of
       * the slots of GET /api/public/pickup-slots (ISO 8601 with an offset).
       */
      pickup: z
        .strictObject(
          {
            at: z
              .string({ error: 'must be a time such as 2026-12-01T19:30:00+01:00' })
              .max(40, { error: 'must be a time such as 2026-12-01T19:30:00+01:00' })
              .refine((s) => ISO_INSTANT.test(s) && Number.isFinite(Date.parse(s)), {
                error: 'must be a time such as 2026-12-01T19:30:00+01:00',
                params: { code: 'datetime' },
              }),
          },
          { error: 'must be an object such as {"at": "2026-12-01T19:30:00+01:00"}' },
        )
        .nullish(),
    },
    { error: 'must be an object' },
  )
  .superRefine((body, ctx) => {
    if (body.spot === PICKUP_SPOT && !body.delivery && !body.pickup) {
      ctx.addIssue({
        code: 'custom',
        path: ['pickup'],
        message: 'is required for a pickup order',
        params: { code: 'required' },
      });
    }
    if (body.pickup && (body.spot !== PICKUP_SPOT || body.delivery)) {
      ctx.addIssue({
        code: 'custom',
        path: ['pickup'],
        message: 'is only for a pickup order (spot "pickup")',
        params: { code: 'pickup_only' },
      });
    }
    if (!body.delivery) return;
    if (!body.deliveryInfo)
      ctx.addIssue({ code: 'custom', path: ['deliveryInfo'], message: 'is required', params: { code: 'required' } });
    if (body.deliveryCost === undefined) {
      ctx.addIssue({ code: 'custom', path: ['deliveryCost'], message: 'is required', params: { code: 'required' } });
    }
  })
  .transform((body): OrderRequest => ({
    venueUrl: body.venueUrl,
    venueId: body.venueId,
    items: body.items.map((i) => ({ ...i, notes: i.notes ?? null })),
    spot: body.spot,
    delivery: body.delivery,
    deliveryCostMinor: body.delivery ? toMinor(body.deliveryCost!) : null,
    deliveryQuoteId: body.delivery ? (body.deliveryQuoteId ?? null) : null,
    deliveryInfo: body.delivery ? body.deliveryInfo! : null,
    notes: body.notes?.trim() || (body.delivery ? (body.deliveryInfo?.notes ?? null) : null),
    // An empty profile says nothing: the order carries none (no banner, nothing to acknowledge).
    allergyProfile: body.allergyProfile ? allergyBanner(body.allergyProfile) : null,
    pickupAt: body.pickup ? new Date(Date.parse(body.pickup.at)).toISOString() : null,
  }))
  .meta({
    examples: [
      {
        venueUrl: 'casa-verde',
        venueId: '6f1c1a52-5d0e-4a39-9b43-0d6c7a0b5a11',
        items: [
          { productId: '0b6f6c8e-2f3a-4c55-9d1e-1f2a3b4c5d6e', variationIds: [], quantity: 2, notes: 'no onions' },
        ],
        spot: '1',
        delivery: false,
      },
    ],
  });

/** What a client sends to POST /api/order. */
export type OrderBody = z.input<typeof orderBodySchema>;
export type OrderItemBody = z.input<typeof orderItemSchema>;

export interface OrderItemRequest {
  productId: string;
  variationIds: string[];
  quantity: number;
  /** The guest's note for the kitchen, trimmed; null when none. */
  notes?: string | null;
}

/** POST /api/order as the server reads it (the output of orderBodySchema). */
export interface OrderRequest {
  venueUrl: string;
  venueId: string;
  items: OrderItemRequest[];
  spot: string;
  delivery: boolean;
  /** Delivery orders: the fee the guest was shown, in minor units (must match a server quote). */
  deliveryCostMinor: number | null;
  /** Delivery orders: the quote that fee came from, when the client passes it. */
  deliveryQuoteId: string | null;
  deliveryInfo: DeliveryInfo | null;
  notes: string | null;
  /** The guest's allergies and diets (decision 017), travelling with the order; null when none stated. */
  allergyProfile: AllergyProfile | null;
  /** Pickup orders: the chosen slot, as a UTC ISO instant; null otherwise. */
  pickupAt: string | null;
}

const under = (path: string, field: string) =>
  path === field || path.startsWith(`${field}.`) || path.startsWith(`${field}[`);
const MISSING_FIELDS = ['(root)', 'venueUrl', 'venueId', 'items', 'spot'];

/**
 * The catalogue error a refused order body answers with (the specification's messages): a missing
 * venueUrl, venue id, cart or spot is ORDER_MISSING_FIELDS, a bad quantity INVALID_QUANTITY, a long
 * note ITEM_NOTES_TOO_LONG, bad delivery data MISSING_DELIVERY_DATA, a bad fee DELIVERY_QUOTE_INVALID;
 * anything else (an unknown field, a wrong type elsewhere) is VALIDATION. The issues are kept.
 */
export function orderBodyRefusal(issues: readonly FieldIssue[]): ErrorCode {
  const has = (test: (i: FieldIssue) => boolean) => issues.some(test);
  if (has((i) => MISSING_FIELDS.includes(i.path) && i.code !== 'unrecognized_keys' && i.code !== 'too_big'))
    return 'ORDER_MISSING_FIELDS';
  if (has((i) => /^items\[\d+\]\.quantity$/.test(i.path))) return 'INVALID_QUANTITY';
  if (has((i) => /^items\[\d+\]\.notes$/.test(i.path) && i.code === 'too_big')) return 'ITEM_NOTES_TOO_LONG';
  if (has((i) => under(i.path, 'deliveryInfo'))) return 'MISSING_DELIVERY_DATA';
  if (has((i) => under(i.path, 'deliveryCost') || under(i.path, 'deliveryQuoteId'))) return 'DELIVERY_QUOTE_INVALID';
  return 'VALIDATION';
}

/**
 * Reads a POST /api/order body (or the lines a waiter enters, priced as a guest's): the output of
 * orderBodySchema, or the DomainError orderBodyRefusal names, with every field problem.
 */
export function parseOrderRequest(body: unknown): OrderRequest {
  const result = orderBodySchema.safeParse(body, { reportInput: true });
  if (result.success) return result.data;
  const issues = zodFieldIssues(result.error);
  throw new DomainError(orderBodyRefusal(issues), { issues });
}

/** GET /api/order?orderId: a missing or malformed id is ORDER_ID_INVALID (the specification's message). */
export const orderQuerySchema = z.strictObject({
  orderId: z.string({ error: 'must be a single order id' }).max(100, { error: 'is too long' }).optional(),
});

/** The position in the order events a stream resumes from (an earlier answer's cursor). */
export const streamCursorSchema = z
  .string({ error: 'must be a cursor from an earlier answer' })
  .max(40, { error: 'is too long' });

/** GET /api/order/stream?orderId&since: the guest's order, live. */
export const orderStreamQuerySchema = z.strictObject({
  orderId: z.string({ error: 'must be a single order id' }).max(100, { error: 'is too long' }).optional(),
  since: streamCursorSchema.optional(),
});

/** PATCH /api/order/status (staff): a move of the order's life (order-status.ts decides which). */
export const statusChangeBodySchema = z
  .strictObject(
    {
      orderId: idSchema('order').transform((id) => id.toLowerCase()),
      status: z.enum(ORDER_STATUSES, { error: `must be one of ${ORDER_STATUSES.join(', ')}` }),
      /** Why (a cancellation's reason, shown to the guest); blank is none. */
      reason: z
        .string({ error: 'must be text' })
        .refine((s) => charLength(s.trim()) <= REASON_MAX_LENGTH, {
          error: `must be at most ${REASON_MAX_LENGTH} characters`,
          params: { code: 'too_big', max: REASON_MAX_LENGTH, origin: 'string' },
        })
        .nullish()
        .transform((s) => s?.trim() || null),
    },
    { error: 'must be an object' },
  )
  .meta({ examples: [{ orderId: '6f1c1a52-5d0e-4a39-9b43-0d6c7a0b5a11', status: 'accepted' }] });
export type StatusChangeBody = z.input<typeof statusChangeBodySchema>;
export type StatusChange = z.output<typeof statusChangeBodySchema>;

/** POST /api/order/allergy-ack (staff): the board's "allergies read" (decision 028). */
export const allergyAckBodySchema = z
  .strictObject({ orderId: idSchema('order').transform((id) => id.toLowerCase()) }, { error: 'must be an object' })
  .meta({ examples: [{ orderId: '6f1c1a52-5d0e-4a39-9b43-0d6c7a0b5a11' }] });

// The answer: GET and POST /api/order (architecture 4.4); amounts are decimals with two places.

export const publicOrderVariationSchema = z.object({ id: z.string(), name: z.string(), price_variation: z.number() });
export type PublicOrderVariation = z.infer<typeof publicOrderVariationSchema>;

export const publicOrderItemSchema = z.object({
  productId: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  unit_price: z.number(),
  total: z.number(),
  variations: z.array(publicOrderVariationSchema),
  /** The guest's note for the kitchen, or null. */
  notes: z.string().nullable(),
});
export type PublicOrderItem = z.infer<typeof publicOrderItemSchema>;

export const publicOrderTaxSchema = z.object({
  rate: z.string(),
  name: z.string(),
  percent: z.number(),
  /** Decimal amounts in the order's currency. */
  base: z.number(),
  amount: z.number(),
});
export type PublicOrderTax = z.infer<typeof publicOrderTaxSchema>;

export const publicCourierSchema = z.object({
  /** pending, requested, pickup, dropoff, delivered, canceled, failed (provider states, lower case). */
  status: z.string(),
  trackingUrl: z.string().nullable(),
  /** ISO 8601 dropoff estimate, when known. */
  eta: z.string().nullable(),
  name: z.string().nullable(),
});
export type PublicCourier = z.infer<typeof publicCourierSchema>;

/** The delivery details as the order was placed with them (deliveryInfoSchema's order of keys). */
const orderDeliveryInfoSchema = z.object({
  fullName: z.string(),
  phone: z.string().optional(),
  email: z.string(),
  fullAddress: z.string(),
  notes: z.string().optional(),
});

export const publicOrderSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  /** placed, accepted, preparing, ready, served, out_for_delivery, delivered, cancelled (order-status.ts). */
  status: z.string(),
  /** What the guest pays (before the tip): subtotal + service charge (+ tax when exclusive) + delivery. */
  total: z.number(),
  /** The lines as priced (tax inside them in inclusive mode). */
  subtotal: z.number(),
  /** Table orders of a venue with a service charge; 0 otherwise. */
  service_charge: z.number(),
  /** By rate, as stored when the order was placed (architecture 4.13); empty when the venue sets no tax. */
  tax: z.array(publicOrderTaxSchema),
  tax_total: z.number(),
  /** inclusive: the tax is inside the prices; exclusive: added to them; null: no tax set. */
  tax_mode: z.enum(['inclusive', 'exclusive']).nullable(),
  /** Once paid: the venue's receipt number; null before. */
  receipt_number: z.number().int().nullable(),
  delivery_cost: z.number(),
  /** ISO 8601 */
  date_created: z.string(),
  items: z.array(publicOrderItemSchema),
  /** Delivery orders: masked by GET /api/order 24 hours after the order (the staff keep it whole). */
  delivery_info: orderDeliveryInfoSchema.nullable(),
  notes: z.string().nullable(),
  delivery: z.boolean(),
  spot: z.string(),
  /** Pickup orders (`spot: "pickup"`): when the guest collects it, ISO 8601 with the venue's offset; null otherwise. */
  pickup_at: z.string().nullable(),
  currency: z.string(),
  currencySymbol: z.string(),
  venueUrl: z.string(),
  /** unpaid, pending, paid, failed, refunded. */
  payment_status: z.string(),
  /**
   * A table's bill being paid in parts (decision 034): what the guests' paid parts add up to so far
   * (decimal), while `payment_status` is still unpaid; 0 otherwise.
   */
  paid_in_parts: z.number(),
  /** The guest's tip on a card payment (decimal), not part of `total`. */
  tip: z.number(),
  /** Delivery orders: the courier's state as the delivery provider reports it; null otherwise. */
  courier: publicCourierSchema.nullable(),
  /** ISO 8601: the last change of the order, its payment or its courier (the board's catch-up cursor). */
  updated_at: z.string(),
  /** The guest's allergies and diets, shown as the allergy banner (order page, board, ticket); null when none. */
  allergyProfile: allergyProfileAnswerSchema.nullable(),
  /** When a staff member acknowledged the allergy banner, and who; null until then (or without a profile). */
  allergyAcknowledged: z.object({ at: z.string(), byUserId: z.string().nullable() }).nullable(),
  /** A cancelled order: the reason the staff gave (PATCH /api/order/status `reason`), shown to the guest; else null. */
  cancel_reason: z.string().nullable(),
});
export type PublicOrder = z.infer<typeof publicOrderSchema>;
