import {
  canMoveOrder,
  isOpenOrderStatus,
  isOrderStatus,
  isUuid,
  ORDER_STATUSES,
  type PublicOrder,
  type StatusChange,
} from '@carte/domain';
import type { Db } from '../../db/client.ts';
import type { OrderEventPublisher } from '../../events/order-events.ts';
import { AppError } from '../../http/app-error.ts';
import {
  acknowledgeAllergies,
  EPOCH_CURSOR,
  findOrder,
  listVenueOrders,
  lockOrder,
  moveOrderStatus,
  venueCursor,
  type StoredOrder,
} from './orders.repository.ts';
import { toPublicOrder } from './orders.service.ts';
import { makeKitchenTickets, venuePrintOn } from '../kitchen/tickets.service.ts';

/** Most orders one answer of GET /api/venue/orders carries (and one catch-up page of a stream). */
export { VENUE_ORDERS_LIMIT } from '@carte/domain';
import { VENUE_ORDERS_LIMIT } from '@carte/domain';

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?Z$/;

/**
 * Reads a `since` cursor: an answer's or event's cursor (microseconds), or an ISO time in UTC such
 * as an order's updated_at. Returns it in the cursor form (six decimals) so cursors compare as text;
 * null when absent; a VALIDATION error naming `field` when it is not a time.
 */
export function parseCursor(value: unknown, field = 'since'): string | null {
  if (value === undefined || value === null || value === '') return null;
  const m = typeof value === 'string' ? CURSOR.exec(value.trim()) : null;
  if (!m || Number.isNaN(Date.parse(`${m[1]}Z`))) {
    throw new AppError('VALIDATION', { issues: [{ path: field, code: 'invalid_format', params: { format: 'cursor' }, message: 'must be a cursor from an earlier answer' }] });
  }
  return `${m[1]}.${(m[2] ?? '').padEnd(6, '0')}Z`;
}

/** `status`: a comma list of states, or 'open' (placed to ready, and out for delivery). */
export function parseStatusFilter(value: unknown): string[] | null {
  if (value === undefined || value === null || value === '') return null;
  const parts = String(value)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const wanted = new Set<string>();
  for (const p of parts) {
    if (p === 'open') for (const s of ORDER_STATUSES.filter(isOpenOrderStatus)) wanted.add(s);
    else if (isOrderStatus(p)) wanted.add(p);
    else {
      throw new AppError('VALIDATION', {
        issues: [
          {
            path: 'status',
            code: 'invalid_value',
            params: { values: ['open', ...ORDER_STATUSES] },
            message: `must be 'open' or states among ${ORDER_STATUSES.join(', ')}`,
          },
        ],
      });
    }
  }
  return wanted.size ? [...wanted] : null;
}

type AllergyRow = { allergyProfile: { allergens: string[]; diets: string[] } | null; allergyAckAt: Date | null };
const hasAllergies = (row: AllergyRow) =>
  !!row.allergyProfile && row.allergyProfile.allergens.length + row.allergyProfile.diets.length > 0;
/** An order whose guest stated allergies or diets and that no staff member has acknowledged yet. */
const needsAllergyAck = (row: AllergyRow) => hasAllergies(row) && row.allergyAckAt === null;

/** The order as the board and the guest see it, with its cursor. */
export interface OrderWithCursor {
  order: PublicOrder;
  venueId: string;
  cursor: string;
  /** When the order was written, as a cursor (only in a catch-up's answer). */
  createdCursor?: string;
}

const withCursor = (stored: StoredOrder & { order: { venueId: string } }): OrderWithCursor => ({
  order: toPublicOrder(stored),
  venueId: stored.order.venueId,
  cursor: stored.cursor ?? EPOCH_CURSOR,
  ...(stored.createdCursor === undefined ? {} : { createdCursor: stored.createdCursor }),
});

export interface VenueOrdersServiceDeps {
  db: Db;
  events?: OrderEventPublisher;
}

/** The venue's side of orders (architecture 4.8): the board's list, status moves, what streams read. */
export function createVenueOrdersService(deps: VenueOrdersServiceDeps) {
  const { db, events } = deps;

  /** The order with its venue and cursor, or null (unknown or malformed id). */
  async function readOrder(orderId: string): Promise<OrderWithCursor | null> {
    if (!isUuid(orderId)) return null;
    const stored = await findOrder(db, orderId.toLowerCase());
    return stored ? withCursor(stored) : null;
  }

  /** The venue an order belongs to: 400 for a malformed id, 404 for an unknown order. */
  async function orderVenueId(orderId: string): Promise<string> {
    if (!isUuid(orderId)) throw new AppError('ORDER_ID_INVALID');
    const stored = await readOrder(orderId);
    if (!stored) throw new AppError('ORDER_NOT_FOUND');
    return stored.venueId;
  }

  async function list(query: {
    venueId: string;
    statuses: string[] | null;
    since: string | null;
    limit?: number;
  }): Promise<{ orders: PublicOrder[]; cursor: string }> {
    const result = await listVenueOrders(db, { ...query, limit: query.limit ?? VENUE_ORDERS_LIMIT });
    return { orders: result.orders.map(toPublicOrder), cursor: result.cursor };
  }

  /** One page of the venue's changes after `since`, oldest change first (a stream's catch-up). */
  async function changesSince(venueId: string, since: string): Promise<{ orders: OrderWithCursor[]; cursor: string }> {
    const result = await listVenueOrders(db, { venueId, statuses: null, since, limit: VENUE_ORDERS_LIMIT });
    const orders = result.orders.map((s) => withCursor(s)).sort((a, b) => (a.cursor < b.cursor ? -1 : 1));
    return { orders, cursor: result.cursor };
  }

  /**
   * Moves an order to `status` for the staff user: the order row is locked, the move checked
   * against the domain's table, the new state and its history row written in one transaction,
   * and 'order.updated' published after it commits. A refused move changes nothing (409).
   */
  async function changeStatus(change: StatusChange, byUserId: string): Promise<PublicOrder> {
    const moved = await db.transaction(async (tx) => {
      const row = await lockOrder(tx, change.orderId);
      if (!row) throw new AppError('ORDER_NOT_FOUND');
      if (!canMoveOrder(row, change.status, 'staff')) {
        throw new AppError('INVALID_TRANSITION', {
          logMessage: `order ${row.id}: ${row.status} -> ${change.status} refused`,
        });
      }
      // The kitchen starts only once someone has read the guest's allergies (decision 028).
      if (change.status === 'preparing' && needsAllergyAck(row)) {
        throw new AppError('ALLERGY_NOT_ACKNOWLEDGED', { logMessage: `order ${row.id}: allergies not acknowledged` });
      }
      await moveOrderStatus(tx, {
        orderId: row.id,
        from: row.status,
        to: change.status,
        byUserId,
        reason: change.reason,
      });
      if (change.status === 'accepted')
        await makeKitchenTickets(tx, row.id, 'accepted', await venuePrintOn(tx, row.venueId));
      return row;
    });
    await events?.publish({ type: 'order.updated', orderId: moved.id, venueId: moved.venueId });
    const stored = await readOrder(moved.id);
    if (!stored) throw new AppError('ORDER_NOT_FOUND');
    return stored.order;
  }

  /**
   * A staff member acknowledges the order's allergy banner: who and when are recorded once (a second
   * acknowledgement changes nothing), and 'order.updated' goes to the boards. 409 INVALID_TRANSITION
   * for an order without allergies (nothing to acknowledge).
   */
  async function acknowledgeOrderAllergies(orderId: string, byUserId: string): Promise<PublicOrder> {
    const changed = await db.transaction(async (tx) => {
      const row = await lockOrder(tx, orderId);
      if (!row) throw new AppError('ORDER_NOT_FOUND');
      if (!hasAllergies(row)) {
        throw new AppError('INVALID_TRANSITION', { logMessage: `order ${row.id} has no allergies to acknowledge` });
      }
      return (await acknowledgeAllergies(tx, row.id, byUserId)) ? row : null;
    });
    if (changed) await events?.publish({ type: 'order.updated', orderId: changed.id, venueId: changed.venueId });
    const stored = await readOrder(orderId);
    if (!stored) throw new AppError('ORDER_NOT_FOUND');
    return stored.order;
  }

  return {
    readOrder,
    orderVenueId,
    list,
    changesSince,
    changeStatus,
    acknowledgeOrderAllergies,
    venueCursor: (venueId: string) => venueCursor(db, venueId),
  };
}

export type VenueOrdersService = ReturnType<typeof createVenueOrdersService>;
