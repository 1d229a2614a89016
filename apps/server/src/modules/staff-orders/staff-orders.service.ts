import {
  orderTotalMinor,
  type AddRoundBody,
  type MarkPaidBody,
  type PublicOrder,
  type StaffOrderBody,
} from '@carte/domain';
import type { Db } from '../../db/client.ts';
import type { OrderEventPublisher } from '../../events/order-events.ts';
import { AppError } from '../../http/app-error.ts';
import type { CarteMetrics } from '../../metrics/metrics.ts';
import { makeKitchenTickets } from '../kitchen/tickets.service.ts';
import {
  createOrdersService,
  insertOrderWithItems,
  linesToStore,
  orderTaxes,
  priceTableLines,
} from '../orders/orders.service.ts';
import {
  appendRound,
  closeTableSessionOfOrder,
  findOrderVenueId,
  findVenueById,
  lockOrderRow,
  markPaidAtVenue,
  markStaffOrder,
} from './staff-orders.repository.ts';

/** Payment states in which an order still takes a round (nothing was charged for it yet). */
const UNPAID = ['unpaid', 'failed'];
/** States in which a table's order is still open for another round. */
const ROUND_STATES = ['placed', 'accepted', 'preparing', 'ready', 'served'];

export interface StaffOrdersDeps {
  db: Db;
  events?: OrderEventPublisher;
  metrics?: Pick<CarteMetrics, 'ordersPlaced'>;
  now?: () => number;
}

/**
 * Orders taken by staff (architecture 4.12): a waiter's order for a table, a round added to a
 * table's open order, and an order paid at the venue. Lines are checked and priced by the guests'
 * code; each write is one transaction, followed by the board's event.
 */
export function createStaffOrdersService(deps: StaffOrdersDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const orders = createOrdersService({ db });

  /** The venue an order belongs to (for the role check): 404 when there is no such order. */
  async function orderVenueId(orderId: string): Promise<string> {
    const venueId = await findOrderVenueId(db, orderId);
    if (!venueId) throw new AppError('ORDER_NOT_FOUND');
    return venueId;
  }

  async function placeStaffOrder(input: StaffOrderBody, byUserId: string): Promise<PublicOrder> {
    const venue = await findVenueById(db, input.venueId);
    if (!venue) throw new AppError('VENUE_NOT_FOUND');
    const { request, priced } = await priceTableLines(db, venue, input);
    const taxes = await orderTaxes(db, venue.tax ?? null, priced.lines, { serviceCharge: true });
    const stored = await db.transaction(async (tx) => {
      const row = await insertTableOrder(tx, venue, {
        spot: request.spot,
        notes: request.notes,
        priced,
        taxes,
        allergyProfile: null,
        dateCreated: new Date(now()),
      });
      if (!row) throw new Error('the staff order was not stored');
      await markStaffOrder(tx, row.id, byUserId);
      await makeKitchenTickets(tx, row.id, 'staff', venue.printOn);
      return row;
    });
    await deps.events?.publish({ type: 'order.created', orderId: stored.id, venueId: venue.id });
    deps.metrics?.ordersPlaced.inc({ fulfilment: 'table' });
    return orders.getOrder(stored.id);
  }

  /** Adds a round to a table's open, unpaid order; its lines print at once when the order's tickets have. */
  async function addRound(input: AddRoundBody): Promise<PublicOrder> {
    const venueId = await orderVenueId(input.orderId);
    const venue = await findVenueById(db, venueId);
    if (!venue) throw new AppError('VENUE_NOT_FOUND');
    const order = await db.transaction((tx) => appendRoundToOpenOrder(tx, venue, input.orderId, input.items));
    await deps.events?.publish({ type: 'order.updated', orderId: order.id, venueId: order.venueId });
    return orders.getOrder(order.id);
  }

  /** Paid at the venue (cash, card terminal, other); an order paid already is a 409. */
  async function markPaid(input: MarkPaidBody, byUserId: string): Promise<PublicOrder> {
    const { order, sessionId } = await db.transaction(async (tx) => {
      const row = await lockOrderRow(tx, input.orderId);
      if (!row) throw new AppError('ORDER_NOT_FOUND');
      if (row.paymentStatus === 'paid' || row.paymentStatus === 'refunded') throw new AppError('ORDER_ALREADY_PAID');
      if (row.status === 'cancelled') throw new AppError('INVALID_TRANSITION');
      await markPaidAtVenue(tx, row, input.method, byUserId);
      // The rest of a table's bill taken at the venue: the table's session ends with it.
      return { order: row, sessionId: await closeTableSessionOfOrder(tx, row.id) };
    });
    await deps.events?.publish({ type: 'order.updated', orderId: order.id, venueId: order.venueId });
    if (sessionId) await deps.events?.publish({ type: 'table.updated', orderId: sessionId, venueId: order.venueId });
    return orders.getOrder(order.id);
  }

  return { placeStaffOrder, addRound, markPaid, orderVenueId };
}

/**
 * A table's order as staff and the table session's first round store it (decision 034): lines priced
 * by the guests' code, the service charge and taxes by the venue's settings, no delivery, not paid.
 */
export async function insertTableOrder(
  tx: Db,
  venue: { id: string; currency: string },
  input: {
    spot: string;
    notes: string | null;
    priced: Awaited<ReturnType<typeof priceTableLines>>['priced'];
    taxes: Awaited<ReturnType<typeof orderTaxes>>;
    allergyProfile: { allergens: string[]; diets: string[] } | null;
    dateCreated: Date;
  },
) {
  return insertOrderWithItems(tx, {
    venueId: venue.id,
    spot: input.spot,
    delivery: false,
    currency: venue.currency,
    subtotalMinor: input.priced.subtotalMinor,
    serviceChargeMinor: input.taxes.serviceCharge,
    tax: input.taxes.tax,
    taxTotalMinor: input.taxes.taxTotal,
    taxMode: input.taxes.mode,
    allergyProfile: input.allergyProfile,
    pickupAt: null,
    deliveryCostMinor: 0,
    totalMinor: orderTotalMinor(input.taxes.total, 0),
    deliveryInfo: null,
    notes: input.notes,
    idempotencyKey: null,
    requestHash: null,
    dateCreated: input.dateCreated,
    lines: linesToStore(input.priced.lines),
    courier: null,
  });
}

/**
 * Adds a round to a table's open, unpaid order inside the caller's transaction (the order row is
 * locked until it ends): the lines are checked and priced by the guests' code, the bill's taxes and
 * service charge computed again, and the new lines printed at once unless the order still waits to
 * be accepted. Staff rounds and the table session's rounds (decision 034) go through here.
 */
export async function appendRoundToOpenOrder(
  tx: Db,
  venue: NonNullable<Awaited<ReturnType<typeof findVenueById>>>,
  orderId: string,
  items: unknown,
) {
  const row = await lockOrderRow(tx, orderId);
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  if (row.delivery || !ROUND_STATES.includes(row.status) || !UNPAID.includes(row.paymentStatus)) {
    throw new AppError('ORDER_NOT_OPEN', { logMessage: `order ${row.id} is ${row.status}/${row.paymentStatus}` });
  }
  const { priced } = await priceTableLines(tx, venue, { spot: row.spot, items });
  await appendRound(tx, row.id, linesToStore(priced.lines), venue.tax ?? null);
  // An order still waiting to be accepted prints all its lines on acceptance (printOn 'accepted').
  if (row.status !== 'placed' || venue.printOn === 'placed')
    await makeKitchenTickets(tx, row.id, 'staff', venue.printOn);
  return row;
}

/** Whether an order still takes a round (open and unpaid). */
export function takesRounds(order: { delivery: boolean; status: string; paymentStatus: string }): boolean {
  return !order.delivery && ROUND_STATES.includes(order.status) && UNPAID.includes(order.paymentStatus);
}

export { findOrderVenueId, findVenueById } from './staff-orders.repository.ts';
