import { allergyBanner, type AllergyProfile } from './allergens.ts';
import { allergyProfileSchema } from './contracts/allergy-profile.ts';
import { lineKey, MAX_LINE_QUANTITY, normaliseItemNotes } from './cart.ts';
import { deliveryInfoSchema, type DeliveryInfo } from './delivery.ts';
import { DomainError, type FieldIssue } from './errors.ts';
import { hasAtMostTwoDecimals, toMinor } from './money.ts';
import { sumMinor, unitPriceMinor } from './pricing.ts';
import {
  charLength,
  choiceProblems,
  describeChoiceProblem,
  ITEM_NOTES_MAX_LENGTH,
  type OptionGroup,
} from './options.ts';
import { DELIVERY_SPOT, isTableSpot, type SpotVenue } from './spot.ts';
import { formatPath } from './contracts/common.ts';

/**
 * Placing an order (architecture.md 4.4, spec sections 4 and 5): the request as the server reads it,
 * and the pure pricing of that request from menu data. Prices sent by a client are never read.
 */

export const MAX_ORDER_LINES = 100;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
export const ORDER_NOTES_MAX_LENGTH = 500;

export interface OrderItemRequest {
  productId: string;
  variationIds: string[];
  quantity: number;
  /** The guest's note for the kitchen, trimmed; null when none. */
  notes?: string | null;
}

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
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const nonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function invalid(issues: FieldIssue[]): DomainError {
  return new DomainError('VALIDATION', { issues });
}

/** A whole number from 1 to 99. */
export function isOrderableQuantity(q: unknown): q is number {
  return typeof q === 'number' && Number.isInteger(q) && q >= 1 && q <= MAX_LINE_QUANTITY;
}

/**
 * Reads a POST /api/order body. Throws the DomainError the spec names:
 * ORDER_MISSING_FIELDS ('Missing venueUrl, venue id, cart or spot'), INVALID_QUANTITY,
 * MISSING_DELIVERY_DATA ('Missing delivery data or venue url'), DELIVERY_QUOTE_INVALID, VALIDATION.
 * Unknown fields (prices, totals) are ignored.
 */
export function parseOrderRequest(body: unknown): OrderRequest {
  if (!isObject(body)) throw new DomainError('ORDER_MISSING_FIELDS');
  const { venueUrl, venueId, items, spot } = body;
  if (
    !nonEmptyString(venueUrl) ||
    !nonEmptyString(venueId) ||
    !Array.isArray(items) ||
    items.length === 0 ||
    !nonEmptyString(spot)
  ) {
    throw new DomainError('ORDER_MISSING_FIELDS');
  }
  if (items.length > MAX_ORDER_LINES) {
    throw invalid([{ path: 'items', message: `must have at most ${MAX_ORDER_LINES} lines` }]);
  }
  const parsedItems: OrderItemRequest[] = [];
  const issues: FieldIssue[] = [];
  items.forEach((raw, i) => {
    if (!isObject(raw)) {
      issues.push({ path: `items[${i}]`, message: 'must be an object' });
      return;
    }
    if (!nonEmptyString(raw.productId) || raw.productId.length > 100) {
      issues.push({ path: `items[${i}].productId`, message: 'must be a product id' });
    }
    const vids = raw.variationIds ?? [];
    if (!Array.isArray(vids) || vids.length > 50 || !vids.every((v) => nonEmptyString(v) && v.length <= 100)) {
      issues.push({ path: `items[${i}].variationIds`, message: 'must be a list of variation ids' });
    }
    const notesRaw = raw.notes;
    if (notesRaw !== undefined && notesRaw !== null && typeof notesRaw !== 'string') {
      issues.push({ path: `items[${i}].notes`, message: 'must be text' });
    } else if (typeof notesRaw === 'string' && charLength(notesRaw.trim()) > ITEM_NOTES_MAX_LENGTH) {
      throw new DomainError('ITEM_NOTES_TOO_LONG', {
        issues: [{ path: `items[${i}].notes`, message: `must be at most ${ITEM_NOTES_MAX_LENGTH} characters` }],
      });
    }
    if (!isOrderableQuantity(raw.quantity)) {
      throw new DomainError('INVALID_QUANTITY', {
        issues: [{ path: `items[${i}].quantity`, message: 'must be a whole number from 1 to 99' }],
      });
    }
    parsedItems.push({
      productId: String(raw.productId),
      variationIds: Array.isArray(vids) ? vids.map(String) : [],
      quantity: raw.quantity,
      notes: typeof notesRaw === 'string' ? normaliseItemNotes(notesRaw) : null,
    });
  });
  if (issues.length) throw invalid(issues);

  const delivery = body.delivery ?? false;
  if (typeof delivery !== 'boolean') throw invalid([{ path: 'delivery', message: 'must be true or false' }]);

  const notesRaw = body.notes;
  if (
    notesRaw !== undefined &&
    notesRaw !== null &&
    (typeof notesRaw !== 'string' || charLength(notesRaw) > ORDER_NOTES_MAX_LENGTH)
  ) {
    throw invalid([{ path: 'notes', message: `must be text of at most ${ORDER_NOTES_MAX_LENGTH} characters` }]);
  }
  let notes = typeof notesRaw === 'string' && notesRaw.trim() ? notesRaw.trim() : null;

  let deliveryInfo: DeliveryInfo | null = null;
  let deliveryCostMinor: number | null = null;
  let deliveryQuoteId: string | null = null;
  if (delivery) {
    if (!isObject(body.deliveryInfo)) throw new DomainError('MISSING_DELIVERY_DATA');
    const info = deliveryInfoSchema.safeParse(body.deliveryInfo);
    if (!info.success) {
      throw new DomainError('MISSING_DELIVERY_DATA', {
        issues: info.error.issues.map((x) => ({ path: formatPath(['deliveryInfo', ...x.path]), message: x.message })),
      });
    }
    deliveryInfo = info.data;
    notes ??= info.data.notes ?? null;
    const cost = body.deliveryCost;
    if (typeof cost !== 'number' || !Number.isFinite(cost) || cost < 0 || !hasAtMostTwoDecimals(cost)) {
      throw new DomainError('DELIVERY_QUOTE_INVALID');
    }
    deliveryCostMinor = toMinor(cost);
    const quoteId = body.deliveryQuoteId;
    if (quoteId !== undefined && quoteId !== null) {
      if (!nonEmptyString(quoteId) || quoteId.length > 100) throw new DomainError('DELIVERY_QUOTE_INVALID');
      deliveryQuoteId = quoteId;
    }
  }

  let allergyProfile: AllergyProfile | null = null;
  if (body.allergyProfile !== undefined && body.allergyProfile !== null) {
    const profile = allergyProfileSchema.safeParse(body.allergyProfile);
    if (!profile.success) {
      throw invalid(
        profile.error.issues.map((x) => ({ path: formatPath(['allergyProfile', ...x.path]), message: x.message })),
      );
    }
    // An empty profile says nothing: the order carries none (no banner, nothing to acknowledge).
    allergyProfile = allergyBanner(profile.data);
  }

  return {
    venueUrl: venueUrl.trim(),
    venueId: venueId.trim(),
    items: parsedItems,
    spot,
    delivery,
    deliveryCostMinor,
    deliveryQuoteId,
    deliveryInfo,
    notes,
    allergyProfile,
  };
}

/**
 * The spot rule for an order: a table order needs one of the venue's tables; a delivery order
 * needs a venue with delivery and the spot 'delivery'.
 */
export function checkOrderSpot(venue: SpotVenue, request: Pick<OrderRequest, 'spot' | 'delivery'>): void {
  if (request.delivery) {
    if (!venue.enable_uber_direct) throw new DomainError('DELIVERY_NOT_AVAILABLE');
    if (request.spot !== DELIVERY_SPOT) throw new DomainError('INVALID_SPOT');
    return;
  }
  if (!isTableSpot(venue, request.spot)) throw new DomainError('INVALID_SPOT');
}

/** Menu data as the server loads it (minor units). */
export interface MenuVariation {
  id: string;
  name: string;
  priceVariationMinor: number;
}
export interface MenuProduct {
  id: string;
  name: string;
  priceMinor: number | null;
  /** Only 'available' products can be ordered. */
  status?: string;
  variations: readonly MenuVariation[];
  variationGroups?: readonly OptionGroup[];
}

export interface PricedOrderLine {
  productId: string;
  name: string;
  quantity: number;
  unitPriceMinor: number;
  lineTotalMinor: number;
  variations: MenuVariation[];
  notes: string | null;
}

export interface PricedOrder {
  lines: PricedOrderLine[];
  subtotalMinor: number;
}

/**
 * Prices the requested items from the menu: every product must be in the menu (and available),
 * every variation must belong to its product, a product without price cannot be ordered.
 * Lines with the same product and variation set are merged (at most 99 of one line).
 */
export function priceOrder(menu: ReadonlyMap<string, MenuProduct>, items: readonly OrderItemRequest[]): PricedOrder {
  const merged = new Map<string, PricedOrderLine>();
  items.forEach((item, i) => {
    const product = menu.get(item.productId);
    if (!product || (product.status !== undefined && product.status !== 'available')) {
      throw new DomainError('PRODUCT_NOT_IN_MENU', {
        issues: [{ path: `items[${i}].productId`, message: 'is not in the menu' }],
      });
    }
    if (product.priceMinor === null) {
      throw new DomainError('PRODUCT_WITHOUT_PRICE', {
        issues: [{ path: `items[${i}].productId`, message: 'has no price' }],
      });
    }
    const problem = choiceProblems(product, item.variationIds)[0];
    if (problem?.kind === 'unknown') {
      throw new DomainError('VARIATION_NOT_OF_PRODUCT', {
        issues: [{ path: `items[${i}].variationIds`, message: describeChoiceProblem(problem) }],
      });
    }
    if (problem) {
      const text = describeChoiceProblem(problem);
      throw new DomainError('INVALID_VARIATIONS', {
        message: `${product.name}: ${text}`,
        issues: [{ path: `items[${i}].variationIds`, message: text }],
      });
    }
    const chosen = item.variationIds.map((id) => product.variations.find((x) => x.id === id)!);
    const notes = normaliseItemNotes(item.notes);
    const key = lineKey(
      product.id,
      chosen.map((v) => v.id),
      notes,
    );
    const unit = unitPriceMinor(product, chosen);
    const existing = merged.get(key);
    const quantity = (existing?.quantity ?? 0) + item.quantity;
    if (quantity > MAX_LINE_QUANTITY) {
      throw new DomainError('INVALID_QUANTITY', {
        issues: [{ path: `items[${i}].quantity`, message: 'more than 99 of one line' }],
      });
    }
    merged.set(key, {
      productId: product.id,
      name: product.name,
      quantity,
      unitPriceMinor: unit,
      lineTotalMinor: unit * quantity,
      variations: existing?.variations ?? chosen,
      notes,
    });
  });
  const lines = [...merged.values()];
  return { lines, subtotalMinor: sumMinor(lines.map((l) => l.lineTotalMinor)) };
}

/**
 * A stable text of what was asked for, for telling a retry (same text) from a different order
 * under the same Idempotency-Key. Needs no menu; line order, variation order and split lines
 * of the same product and variation set do not matter.
 */
export function canonicalOrderText(request: OrderRequest): string {
  const merged = new Map<string, number>();
  for (const item of request.items) {
    const key = lineKey(item.productId, item.variationIds, item.notes);
    merged.set(key, (merged.get(key) ?? 0) + item.quantity);
  }
  const lines = [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const info = request.deliveryInfo
    ? Object.fromEntries(
        Object.entries(request.deliveryInfo)
          .filter(([, v]) => v !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : 1)),
      )
    : null;
  return JSON.stringify({
    venueId: request.venueId,
    spot: request.spot,
    delivery: request.delivery,
    lines,
    deliveryCostMinor: request.deliveryCostMinor,
    deliveryQuoteId: request.deliveryQuoteId,
    deliveryInfo: info,
    notes: request.notes,
    allergyProfile: request.allergyProfile,
  });
}

/**
 * The highest total one order may have, in minor units: 99,999,999.99 in a currency with two
 * decimals. Amounts are 64-bit in the database, so this is a business limit, far below what could
 * overflow; an order above it is refused with ORDER_TOTAL_TOO_HIGH (422) naming the maximum.
 */
export const MAX_ORDER_TOTAL_MINOR = 9_999_999_999;

/** What the guest pays: the items plus the delivery cost; above MAX_ORDER_TOTAL_MINOR, a 422. */
export function orderTotalMinor(subtotalMinor: number, deliveryCostMinor: number): number {
  const total = subtotalMinor + deliveryCostMinor;
  if (!Number.isSafeInteger(total) || total > MAX_ORDER_TOTAL_MINOR) {
    throw new DomainError('ORDER_TOTAL_TOO_HIGH', {
      issues: [{ path: 'total', message: `must be at most ${(MAX_ORDER_TOTAL_MINOR / 100).toFixed(2)}` }],
    });
  }
  return total;
}

/** GET/POST /api/order answer (architecture.md 4.4); amounts are decimals with two places. */
export interface PublicOrderVariation {
  id: string;
  name: string;
  price_variation: number;
}
export interface PublicOrderItem {
  productId: string | null;
  name: string;
  quantity: number;
  unit_price: number;
  total: number;
  variations: PublicOrderVariation[];
  /** The guest's note for the kitchen, or null. */
  notes: string | null;
}
export interface PublicOrderTax {
  rate: string;
  name: string;
  percent: number;
  /** Decimal amounts in the order's currency. */
  base: number;
  amount: number;
}

export interface PublicOrder {
  id: string;
  number: number;
  /** What the guest pays (before the tip): subtotal + service charge (+ tax when exclusive) + delivery. */
  total: number;
  /** The lines as priced (tax inside them in inclusive mode). */
  subtotal: number;
  /** Table orders of a venue with a service charge; 0 otherwise. */
  service_charge: number;
  /** By rate, as stored when the order was placed (architecture 4.13); empty when the venue sets no tax. */
  tax: PublicOrderTax[];
  tax_total: number;
  /** inclusive: the tax is inside the prices; exclusive: added to them; null: no tax set. */
  tax_mode: 'inclusive' | 'exclusive' | null;
  /** Once paid: the venue's receipt number; null before. */
  receipt_number: number | null;
  delivery_cost: number;
  /** ISO 8601 */
  date_created: string;
  items: PublicOrderItem[];
  delivery_info: { fullName: string; fullAddress: string; email: string; phone?: string; notes?: string } | null;
  notes: string | null;
  delivery: boolean;
  spot: string;
  currency: string;
  currencySymbol: string;
  venueUrl: string;
  /** placed, accepted, preparing, ready, served, out_for_delivery, delivered, cancelled (order-status.ts). */
  status: string;
  /** unpaid, pending, paid, failed, refunded. */
  payment_status: string;
  /** The guest's tip on a card payment (decimal), not part of `total`. */
  tip: number;
  /** Delivery orders: the courier's state as the delivery provider reports it; null otherwise. */
  courier: PublicCourier | null;
  /** ISO 8601: the last change of the order, its payment or its courier (the board's catch-up cursor). */
  updated_at: string;
  /** The guest's allergies and diets, shown as the allergy banner (order page, board, ticket); null when none. */
  allergyProfile: AllergyProfile | null;
  /** When a staff member acknowledged the allergy banner, and who; null until then (or without a profile). */
  allergyAcknowledged: { at: string; byUserId: string | null } | null;
}

export interface PublicCourier {
  /** pending, requested, pickup, dropoff, delivered, canceled, failed (provider states, lower case). */
  status: string;
  trackingUrl: string | null;
  /** ISO 8601 dropoff estimate, when known. */
  eta: string | null;
  name: string | null;
}

/** Delivery quote answer of POST /api/delivery-quote. */
export interface PublicDeliveryQuote {
  fee: number;
  quoteId: string;
  currency: string;
  /** ISO 8601 */
  expiresAt: string;
}
