import type { PublicOrder } from '@carte/domain/contracts/orders';
import { isFinalOrderStatus } from '@carte/domain/order-status';

/** The columns of the board (New, Accepted, Preparing, Ready) and the Done filter. */
export const BOARD_COLUMNS = ['new', 'accepted', 'preparing', 'ready'] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];
export type BoardView = BoardColumn | 'done';

/** Where an order sits: a delivery on its way stays with Ready until it is delivered. */
export function columnOf(status: string): BoardView | null {
  switch (status) {
    case 'placed':
      return 'new';
    case 'accepted':
      return 'accepted';
    case 'preparing':
      return 'preparing';
    case 'ready':
    case 'out_for_delivery':
      return 'ready';
    case 'served':
    case 'delivered':
    case 'cancelled':
      return 'done';
    default:
      return null;
  }
}

const time = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
};

/**
 * Merges orders into the board's map by id: an order is never shown twice, and an older version
 * (a replayed event, a late answer) never replaces a newer one. Returns the same map when nothing
 * changed, so React skips the render.
 */
export function mergeOrders(
  current: Readonly<Record<string, PublicOrder>>,
  incoming: readonly PublicOrder[],
): Record<string, PublicOrder> {
  let next: Record<string, PublicOrder> | null = null;
  for (const order of incoming) {
    const known = (next ?? current)[order.id];
    if (known && time(known.updated_at) > time(order.updated_at)) continue;
    // The same version again (a replay after reconnecting): nothing to draw.
    if (known && JSON.stringify(known) === JSON.stringify(order)) continue;
    next ??= { ...current };
    next[order.id] = order;
  }
  return next ?? (current as Record<string, PublicOrder>);
}

function sameLocalDay(iso: string, now: number): boolean {
  const a = new Date(iso);
  const b = new Date(now);
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/**
 * The orders of one view, in the order staff work them: New shows the newest first (a new order
 * arrives at the top); the kitchen columns the oldest first (the longest wait on top); Done shows
 * today's finished orders, the latest first.
 */
export function ordersIn(
  orders: readonly PublicOrder[],
  view: BoardView,
  statusOf: (order: PublicOrder) => string,
  now: number,
): PublicOrder[] {
  const chosen = orders.filter((o) => {
    const status = statusOf(o);
    if (columnOf(status) !== view) return false;
    return view !== 'done' || (isFinalOrderStatus(status) && sameLocalDay(o.updated_at, now));
  });
  const created = (o: PublicOrder) => time(o.date_created);
  if (view === 'new') return chosen.sort((a, b) => created(b) - created(a));
  if (view === 'done') return chosen.sort((a, b) => time(b.updated_at) - time(a.updated_at));
  return chosen.sort((a, b) => created(a) - created(b));
}

/** Whole minutes since the order was placed (never negative with a clock a little ahead). */
export function ageMinutes(dateCreated: string, now: number): number {
  return Math.max(0, Math.floor((now - time(dateCreated)) / 60_000));
}
