import { lineKey, MAX_LINE_QUANTITY, normaliseItemNotes } from './cart.ts';
import { DomainError } from './errors.ts';
import { sumMinor, unitPriceMinor } from './pricing.ts';
import { choiceProblems, describeChoiceProblem, type OptionGroup } from './options.ts';
import { DELIVERY_SPOT, isTableSpot, offersPickup, PICKUP_SPOT, type SpotVenue } from './spot.ts';
import type { OrderItemRequest, OrderRequest } from './contracts/orders.ts';

/**
 * Placing an order (architecture.md 4.4, spec sections 4 and 5): the pure pricing of a request
 * (contracts/orders.ts reads it) from menu data. Prices sent by a client are never read.
 */

/** A whole number from 1 to 99. */
export function isOrderableQuantity(q: unknown): q is number {
  return typeof q === 'number' && Number.isInteger(q) && q >= 1 && q <= MAX_LINE_QUANTITY;
}

/**
 * The spot rule for an order: a table order needs one of the venue's tables; a delivery order
 * needs a venue with delivery and the spot 'delivery'; a pickup order a venue with pickup and the
 * spot 'pickup' (its time is checked against the slots by the server, decision 032).
 */
export function checkOrderSpot(venue: SpotVenue, request: Pick<OrderRequest, 'spot' | 'delivery'>): void {
  if (request.delivery) {
    if (!venue.enable_uber_direct) throw new DomainError('DELIVERY_NOT_AVAILABLE');
    if (request.spot !== DELIVERY_SPOT) throw new DomainError('INVALID_SPOT');
    return;
  }
  if (request.spot === PICKUP_SPOT) {
    if (!offersPickup(venue)) throw new DomainError('PICKUP_NOT_AVAILABLE');
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
        issues: [{ path: `items[${i}].productId`, code: 'not_in_menu', message: 'is not in the menu' }],
      });
    }
    if (product.priceMinor === null) {
      throw new DomainError('PRODUCT_WITHOUT_PRICE', {
        issues: [{ path: `items[${i}].productId`, code: 'no_price', message: 'has no price' }],
      });
    }
    const problem = choiceProblems(product, item.variationIds)[0];
    if (problem?.kind === 'unknown') {
      throw new DomainError('VARIATION_NOT_OF_PRODUCT', {
        issues: [{ path: `items[${i}].variationIds`, code: 'not_in_menu', message: describeChoiceProblem(problem) }],
      });
    }
    if (problem) {
      const text = describeChoiceProblem(problem);
      throw new DomainError('INVALID_VARIATIONS', {
        message: `${product.name}: ${text}`,
        issues: [{ path: `items[${i}].variationIds`, code: 'invalid_choice', message: text }],
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
        issues: [
          {
            path: `items[${i}].quantity`,
            code: 'too_big',
            params: { max: MAX_LINE_QUANTITY },
            message: 'more than 99 of one line',
          },
        ],
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
    // Absent from the text when there is none: keys of orders placed before pickup keep their hash.
    ...(request.pickupAt ? { pickupAt: request.pickupAt } : {}),
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
      issues: [
        {
          path: 'total',
          code: 'too_big',
          params: { max: MAX_ORDER_TOTAL_MINOR / 100, origin: 'number' },
          message: `must be at most ${(MAX_ORDER_TOTAL_MINOR / 100).toFixed(2)}`,
        },
      ],
    });
  }
  return total;
}
