import { createHash } from 'node:crypto';
import {
  ALLERGENS,
  allergyBanner,
  DIETS,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  canonicalOrderText,
  checkOrderSpot,
  computeOrderTaxes,
  currencySymbol,
  lineTaxRate,
  type OrderTaxes,
  type TaxSettings,
  fromMinor,
  orderTotalMinor,
  parseOrderRequest,
  priceOrder,
  type OrderRequest,
  type PublicOrder,
  isUuid,
  checkDeliveryArea,
  deliveryShortfallMinor,
  matchPickupSlot,
  pickupSlotIsos,
  PICKUP_SPOT,
  toMinor,
  toZonedIso,
  type DeliveryInfo,
} from '@carte/domain';
import type { Db } from '../../db/client.ts';
import type { OrderEventPublisher } from '../../events/order-events.ts';
import { AppError } from '../../http/app-error.ts';
import { findQuoteForOrder } from '../delivery/delivery.service.ts';
import {
  findOrder,
  findOrderIdByKey,
  findOrderVenueUrl,
  insertOrderWithItems,
  loadMenuProducts,
  loadOrderContext,
  loadProductTaxRates,
  lockVenue,
  type OrderToStore,
  type StoredOrder,
} from './orders.repository.ts';
import type { VenueRow } from '../venues/venues.service.ts';
import { checkOrderingOpenWith } from '../service/service.service.ts';
import { makeKitchenTickets } from '../kitchen/tickets.service.ts';
import type { CarteMetrics } from '../../metrics/metrics.ts';

import { guestOrderView } from './guest-privacy.ts';

/** Thrown inside the transaction when a concurrent request with the same key won: roll back, read the winner. */
class IdempotentReplay extends Error {
  constructor(readonly orderId: string | null) {
    super('idempotent replay');
  }
}

export function toPublicOrder(stored: StoredOrder): PublicOrder {
  const { order, venue, items, courier } = stored;
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    total: fromMinor(order.totalMinor),
    subtotal: fromMinor(order.subtotalMinor),
    service_charge: fromMinor(order.serviceChargeMinor),
    tax: order.tax.map((t) => ({
      rate: t.rate,
      name: t.name,
      percent: t.percent,
      base: fromMinor(t.base),
      amount: fromMinor(t.amount),
    })),
    tax_total: fromMinor(order.taxTotalMinor),
    tax_mode: order.taxMode === 'inclusive' || order.taxMode === 'exclusive' ? order.taxMode : null,
    receipt_number: order.receiptNumber,
    delivery_cost: fromMinor(order.deliveryCostMinor),
    date_created: order.dateCreated.toISOString(),
    items: items.map((i) => ({
      productId: i.productId,
      name: i.name,
      quantity: i.quantity,
      unit_price: fromMinor(i.unitPriceMinor),
      total: fromMinor(i.lineTotalMinor),
      variations: i.variations.map((v) => ({
        id: v.id,
        name: v.name,
        price_variation: fromMinor(v.priceVariationMinor),
      })),
      notes: i.notes ?? null,
    })),
    delivery_info: (order.deliveryInfo as PublicOrder['delivery_info']) ?? null,
    notes: order.notes,
    delivery: order.delivery,
    spot: order.spot,
    pickup_at: order.pickupAt ? toZonedIso(order.pickupAt.getTime(), venue.timezone || 'UTC') : null,
    currency: order.currency,
    currencySymbol: currencySymbol(order.currency),
    venueUrl: venue.venueUrl,
    payment_status: order.paymentStatus,
    paid_in_parts: fromMinor(order.paymentStatus === 'paid' ? 0 : (stored.paidPartsMinor ?? 0)),
    tip: fromMinor(order.tipMinor),
    // The venue's own delivery (the offline provider's fee) has no courier to follow (issue 16 item 7).
    courier:
      courier && courier.provider !== 'offline' && courier.provider !== 'none'
        ? {
            status: courier.status,
            trackingUrl: courier.trackingUrl,
            eta: courier.dropoffEta?.toISOString() ?? null,
            name: typeof courier.courier?.name === 'string' ? courier.courier.name : null,
          }
        : null,
    updated_at: order.updatedAt.toISOString(),
    allergyProfile: readAllergyProfile(order.allergyProfile),
    allergyAcknowledged: order.allergyAckAt
      ? { at: order.allergyAckAt.toISOString(), byUserId: order.allergyAckBy ?? null }
      : null,
    cancel_reason: order.status === 'cancelled' ? (stored.cancelReason ?? null) : null,
  };
}

/** The stored profile in the domain's identifiers and order (as orderBodySchema reads it); null when empty. */
function readAllergyProfile(stored: StoredOrder['order']['allergyProfile']): PublicOrder['allergyProfile'] {
  if (!stored) return null;
  return allergyBanner({
    allergens: ALLERGENS.filter((a) => stored.allergens.includes(a)),
    diets: DIETS.filter((d) => stored.diets.includes(d)),
  });
}

/** Reads the Idempotency-Key header: absent or blank means none; longer than 200 characters is refused. */
export function readIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (Array.isArray(header)) {
    throw new AppError('VALIDATION', {
      issues: [{ path: 'Idempotency-Key', code: 'duplicate', message: 'must be given once' }],
    });
  }
  const key = header.trim();
  if (!key) return null;
  if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw new AppError('VALIDATION', {
      issues: [
        {
          path: 'Idempotency-Key',
          code: 'too_big',
          params: { max: IDEMPOTENCY_KEY_MAX_LENGTH, origin: 'string' },
          message: `must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`,
        },
      ],
    });
  }
  return key;
}

export interface OrdersServiceDeps {
  db: Db;
  /** Where 'order.created' goes once a new order is stored (the boards); none in CLIs. */
  events?: OrderEventPublisher;
  /** Counts each order stored (/metrics); none in CLIs. */
  metrics?: Pick<CarteMetrics, 'ordersPlaced'>;
  now?: () => number;
}

export function createOrdersService(deps: OrdersServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  async function getOrder(orderId: string | undefined): Promise<PublicOrder> {
    if (!orderId || !isUuid(orderId)) throw new AppError('ORDER_ID_INVALID');
    const stored = await findOrder(db, orderId.toLowerCase());
    if (!stored) throw new AppError('ORDER_NOT_FOUND');
    return guestOrderView(toPublicOrder(stored), now());
  }

  async function replay(venueId: string, key: string, requestHash: string): Promise<PublicOrder | null> {
    const existing = await findOrderIdByKey(db, venueId, key);
    if (!existing) return null;
    if (existing.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
    return getOrder(existing.id);
  }

  /**
   * POST /api/order (the body as orderBodySchema reads it): checks the request against the venue and its menu, prices it from the
   * database, and stores order, items and delivery atomically with the next short number (one
   * statement; inside a transaction holding the venue row when an Idempotency-Key is given).
   * The same Idempotency-Key with the same request gives back the same order, also when the
   * requests arrive together; with a different request it is a 409.
   */
  async function placeOrder(request: OrderRequest, idempotencyKey: string | null): Promise<PublicOrder> {
    const ids = [...new Set(request.items.map((i) => i.productId.toLowerCase()).filter(isUuid))];
    // The venue, its categories' service and the ordered products: one prepared statement (decision 037).
    const context = await loadOrderContext(db, request.venueUrl.toLowerCase(), ids);
    const venue = context?.venue;
    if (!context || !venue || !isUuid(request.venueId) || venue.id !== request.venueId.toLowerCase()) {
      throw new AppError('VENUE_NOT_FOUND', { logMessage: `no venue ${request.venueUrl} with id ${request.venueId}` });
    }
    const requestHash = createHash('sha256').update(canonicalOrderText(request)).digest('hex');
    if (idempotencyKey) {
      const earlier = await replay(venue.id, idempotencyKey, requestHash);
      if (earlier) return earlier;
    }

    checkOrderSpot(
      { spots: venue.spots, enable_uber_direct: venue.enableUberDirect, pickup: venue.pickup ?? null },
      request,
    );
    // Opening hours, pauses and category windows (architecture 4.10): 409 before anything is priced.
    const at = now();
    await checkOrderingOpenWith(db, venue, context.categories, ids, at);
    const pickupAt = request.spot === PICKUP_SPOT && !request.delivery ? checkPickupSlot(venue, request, at) : null;
    const priced = priceOrder(
      context.menu,
      request.items.map((i) => ({
        productId: i.productId.toLowerCase(),
        variationIds: i.variationIds.map((v) => v.toLowerCase()),
        quantity: i.quantity,
        notes: i.notes ?? null,
      })),
    );

    let deliveryCostMinor = 0;
    let quote: Awaited<ReturnType<typeof findQuoteForOrder>>;
    if (request.delivery) {
      // orderBodySchema guarantees both for a delivery order.
      const info = request.deliveryInfo!;
      // The venue's minimum and area (decision 032), before the fee's quote is looked at: 422 naming the field.
      checkDeliveryLimits(venue, info, priced.subtotalMinor);
      deliveryCostMinor = request.deliveryCostMinor!;
      quote = await findQuoteForOrder(db, {
        venueId: venue.id,
        quoteId: request.deliveryQuoteId,
        address: info.fullAddress,
        feeMinor: deliveryCostMinor,
        now: new Date(now()),
      });
      if (!quote) throw new AppError('DELIVERY_QUOTE_INVALID', { logMessage: 'delivery cost matches no live quote' });
    }

    // Taxes and the service charge by the venue's settings (decision 016), stored with the order.
    // The service charge is for table service: not on a delivery or a pickup order.
    const taxes = await orderTaxes(db, venue.tax ?? null, priced.lines, {
      serviceCharge: !request.delivery && pickupAt === null,
    });
    const totalMinor = orderTotalMinor(taxes.total, deliveryCostMinor);
    const toStore: OrderToStore = {
      venueId: venue.id,
      spot: request.spot,
      delivery: request.delivery,
      currency: venue.currency,
      subtotalMinor: priced.subtotalMinor,
      serviceChargeMinor: taxes.serviceCharge,
      tax: taxes.tax,
      taxTotalMinor: taxes.taxTotal,
      taxMode: taxes.mode,
      deliveryCostMinor,
      totalMinor,
      deliveryInfo: request.deliveryInfo
        ? (JSON.parse(JSON.stringify(request.deliveryInfo)) as Record<string, string>)
        : null,
      notes: request.notes,
      allergyProfile: request.allergyProfile
        ? { allergens: [...request.allergyProfile.allergens], diets: [...request.allergyProfile.diets] }
        : null,
      pickupAt: pickupAt === null ? null : new Date(pickupAt),
      idempotencyKey,
      requestHash: idempotencyKey ? requestHash : null,
      dateCreated: new Date(now()),
      lines: linesToStore(priced.lines),
      courier: quote
        ? {
            provider: quote.provider,
            providerRef: null,
            quoteRef: quote.providerRef ?? quote.id,
            feeMinor: deliveryCostMinor,
          }
        : null,
    };

    // On PostgreSQL the statement storing the order also sends its NOTIFY (decision 037).
    const inStatement = deps.events?.notifyInStatement?.();
    if (inStatement) toStore.notify = inStatement;
    // A venue that prints on 'placed' gets its kitchen tickets in the order's transaction (4.11).
    const printNow = venue.printOn === 'placed';
    let stored: { id: string; number: number; status: string; updatedAt: Date };
    try {
      stored = idempotencyKey
        ? await db.transaction(async (tx) => {
            // Concurrent requests with the same key queue here; the later ones then find the first's order.
            await lockVenue(tx, venue.id);
            const winner = await findOrderIdByKey(tx, venue.id, idempotencyKey);
            if (winner) throw new IdempotentReplay(winner.id);
            const row = await insertOrderWithItems(tx, toStore);
            if (!row) throw new IdempotentReplay(null);
            if (printNow) await makeKitchenTickets(tx, row.id, 'placed', venue.printOn);
            return row;
          })
        : printNow
          ? await db.transaction(async (tx) => {
              const row = (await insertOrderWithItems(tx, toStore))!;
              await makeKitchenTickets(tx, row.id, 'placed', venue.printOn);
              return row;
            })
          : (await insertOrderWithItems(db, toStore))!;
    } catch (e) {
      if (e instanceof IdempotentReplay) {
        const earlier = await replay(venue.id, idempotencyKey!, requestHash);
        if (earlier) return earlier;
      }
      throw e;
    }
    if (!stored) throw new Error('the order was not stored');
    // After the commit, and never for a replay: each order rings on the boards once, counts once.
    if (!inStatement) await deps.events?.publish({ type: 'order.created', orderId: stored.id, venueId: venue.id });
    deps.metrics?.ordersPlaced.inc({
      fulfilment: request.delivery ? 'delivery' : pickupAt !== null ? 'pickup' : 'table',
    });

    return toPublicOrder({
      order: {
        ...toStore,
        ...stored,
        paymentStatus: 'unpaid',
        tipMinor: 0,
        receiptNumber: null,
        allergyAckAt: null,
        allergyAckBy: null,
      },
      venue: { venueUrl: venue.venueUrl, timezone: venue.schedule?.timezone ?? null },
      items: toStore.lines,
      courier: toStore.courier
        ? { status: 'pending', trackingUrl: null, dropoffEta: null, courier: null, provider: toStore.courier.provider }
        : null,
    });
  }

  return { placeOrder, getOrder };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

/**
 * A pickup order's time must be one of the slots the venue offers at `at` (decision 032): 409
 * PICKUP_SLOT_UNAVAILABLE naming `pickup.at`, with the slots still open so the guest can choose again.
 */
function checkPickupSlot(venue: VenueRow, request: OrderRequest, at: number): number {
  const input = {
    schedule: venue.schedule ?? null,
    prepMinutes: venue.prepMinutes ?? null,
    slotMinutes: venue.pickup?.slotMinutes ?? null,
  };
  const chosen = request.pickupAt ? matchPickupSlot(input, request.pickupAt, at) : null;
  if (chosen !== null) return chosen;
  const slots = pickupSlotIsos(input, at);
  throw new AppError('PICKUP_SLOT_UNAVAILABLE', {
    issues: [{ path: 'pickup.at', code: 'slot_unavailable', message: 'is not one of the pickup times offered now' }],
    details: { slots: slots.slice(0, 8) },
    logMessage: `pickup at ${request.pickupAt} is not a slot at ${new Date(at).toISOString()}`,
  });
}

/**
 * The venue's delivery limits (decision 032): the dishes at least the minimum (DELIVERY_MINIMUM_NOT_MET,
 * naming `items`), the address inside the area (DELIVERY_OUTSIDE_AREA naming the address or its
 * postcode; DELIVERY_LOCATION_REQUIRED naming `deliveryInfo.location` when a radius needs coordinates
 * the address does not have).
 */
function checkDeliveryLimits(venue: VenueRow, info: DeliveryInfo, subtotalMinor: number): void {
  const rules = venue.deliveryRules;
  if (!rules) return;
  const minimumOrderMinor = rules.minimumOrder ? toMinor(rules.minimumOrder) : null;
  const shortfall = deliveryShortfallMinor({ minimumOrderMinor }, subtotalMinor);
  if (shortfall > 0) {
    throw new AppError('DELIVERY_MINIMUM_NOT_MET', {
      issues: [
        {
          path: 'items',
          code: 'delivery_minimum',
          params: { minimum: fromMinor(minimumOrderMinor!), missing: fromMinor(shortfall) },
          message: `must come to at least ${fromMinor(minimumOrderMinor!)} for delivery`,
        },
      ],
      details: { minimumOrder: fromMinor(minimumOrderMinor!), missing: fromMinor(shortfall) },
    });
  }
  const verdict = checkDeliveryArea(
    { radiusKm: rules.radiusKm ?? null, origin: rules.origin ?? null, postcodes: rules.postcodes ?? null },
    info,
  );
  if (verdict.ok) return;
  if (verdict.reason === 'location_required') {
    throw new AppError('DELIVERY_LOCATION_REQUIRED', {
      issues: [
        {
          path: 'deliveryInfo.location',
          code: 'required',
          message: 'is required: the venue delivers within a radius, checked from the address coordinates',
        },
      ],
    });
  }
  throw new AppError('DELIVERY_OUTSIDE_AREA', {
    issues: [
      verdict.reason === 'outside_radius'
        ? {
            path: 'deliveryInfo.location',
            code: 'outside_area',
            params: { radiusKm: verdict.radiusKm },
            message: `is farther than ${verdict.radiusKm} km from the venue`,
          }
        : {
            path: info.postcode ? 'deliveryInfo.postcode' : 'deliveryInfo.fullAddress',
            code: 'outside_area',
            message: 'is not in a postcode the venue delivers to',
          },
    ],
    details: verdict.reason === 'outside_radius' ? { radiusKm: verdict.radiusKm } : {},
  });
}

/**
 * Whether `/:venue/order?orderId=` names an order of that venue: the web routes answer its page with 404
 * otherwise (a malformed or unknown id is a not-found page, never a 500).
 */
export async function isOrderOfVenue(db: Db, orderId: string, venueUrl: string): Promise<boolean> {
  if (!isUuid(orderId)) return false;
  return (await findOrderVenueUrl(db, orderId.toLowerCase())) === venueUrl;
}

/**
 * Prices table lines for a venue with the guests' code (parseOrderRequest, checkOrderSpot,
 * priceOrder): an order or a round a waiter enters is checked and priced exactly as a guest's.
 */
export async function priceTableLines(
  db: Db,
  venue: { id: string; venueUrl: string; spots: string[]; enableUberDirect: boolean },
  input: { spot: string; items: unknown; notes?: string | null | undefined },
) {
  const request = parseOrderRequest({
    venueUrl: venue.venueUrl,
    venueId: venue.id,
    items: input.items,
    spot: input.spot,
    delivery: false,
    notes: input.notes ?? undefined,
  });
  checkOrderSpot({ spots: venue.spots, enable_uber_direct: venue.enableUberDirect }, request);
  const ids = [...new Set(request.items.map((i) => i.productId.toLowerCase()).filter(isUuid))];
  const menu = await loadMenuProducts(db, venue.id, ids);
  const priced = priceOrder(
    menu,
    request.items.map((i) => ({
      productId: i.productId.toLowerCase(),
      variationIds: i.variationIds.map((v) => v.toLowerCase()),
      quantity: i.quantity,
      notes: i.notes ?? null,
    })),
  );
  return { request, priced };
}

export { insertOrderWithItems, loadMenuProducts, type OrderToStore };

/** Priced lines (domain priceOrder) as the order's rows store them: guests' orders, staff orders, rounds. */
export function linesToStore(lines: ReturnType<typeof priceOrder>['lines']): OrderToStore['lines'] {
  return lines.map((l) => ({
    productId: l.productId,
    name: l.name,
    unitPriceMinor: l.unitPriceMinor,
    quantity: l.quantity,
    lineTotalMinor: l.lineTotalMinor,
    variations: l.variations.map((v) => ({ id: v.id, name: v.name, priceVariationMinor: v.priceVariationMinor })),
    notes: l.notes,
  }));
}

/**
 * An order's taxes and service charge from its lines, by the venue's settings (decision 016): each
 * line's rate is its product's, else its categories', else the default (a rate removed from the
 * settings since a dish named it falls back too). Used when an order is placed (guests and staff)
 * and when a round changes its lines; stored on the order, never recomputed after.
 */
export async function orderTaxes(
  db: Db,
  settings: TaxSettings | null,
  lines: readonly { productId: string | null; lineTotalMinor: number }[],
  options: { serviceCharge: boolean },
): Promise<OrderTaxes & { mode: TaxSettings['mode'] | null }> {
  if (!settings)
    return {
      ...computeOrderTaxes(
        null,
        lines.map((l) => ({ amount: l.lineTotalMinor, rate: '' })),
        options,
      ),
      mode: null,
    };
  const ids = [...new Set(lines.map((l) => l.productId).filter((id): id is string => id !== null))];
  const rates = await loadProductTaxRates(db, ids);
  const taxes = computeOrderTaxes(
    settings,
    lines.map((l) => {
      const named = l.productId ? rates.get(l.productId) : undefined;
      return {
        amount: l.lineTotalMinor,
        rate: lineTaxRate(settings, named?.own, named?.categories ?? []),
      };
    }),
    options,
  );
  return { ...taxes, mode: settings.mode };
}
