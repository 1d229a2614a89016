/**
 * The life of an order (architecture.md 4.8): its states, the moves between them, who may make each
 * move, and the payment and courier states shown beside it. Pure: the server checks every change with
 * it, the order board draws its buttons from it, the guest page words it.
 */

export const ORDER_STATUSES = [
  'placed',
  'accepted',
  'preparing',
  'ready',
  'served',
  'out_for_delivery',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ['unpaid', 'pending', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Who moves an order: the venue's staff, a provider (courier webhook), or the system. */
export type OrderActor = 'staff' | 'courier' | 'system';

export interface OrderMove {
  from: OrderStatus;
  to: OrderStatus;
  /** Table orders, delivery orders, or both. */
  kind: 'table' | 'delivery' | 'any';
  by: readonly OrderActor[];
}

/**
 * The transition table. A table order ends `served`; a delivery order goes out with the courier and
 * ends `delivered`. Cancelling is possible from `placed` or `accepted` only: once the kitchen is
 * cooking, the food exists.
 */
export const ORDER_MOVES: readonly OrderMove[] = [
  { from: 'placed', to: 'accepted', kind: 'any', by: ['staff'] },
  { from: 'accepted', to: 'preparing', kind: 'any', by: ['staff'] },
  { from: 'preparing', to: 'ready', kind: 'any', by: ['staff'] },
  { from: 'ready', to: 'served', kind: 'table', by: ['staff'] },
  { from: 'ready', to: 'out_for_delivery', kind: 'delivery', by: ['staff', 'courier'] },
  { from: 'out_for_delivery', to: 'delivered', kind: 'delivery', by: ['staff', 'courier'] },
  { from: 'placed', to: 'cancelled', kind: 'any', by: ['staff', 'system'] },
  { from: 'accepted', to: 'cancelled', kind: 'any', by: ['staff', 'system'] },
];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === 'string' && (PAYMENT_STATUSES as readonly string[]).includes(value);
}

/** The move from `from` to `to` for this kind of order and actor, or null when it is not allowed. */
export function findOrderMove(
  order: { status: string; delivery: boolean },
  to: string,
  actor: OrderActor = 'staff',
): OrderMove | null {
  const kind = order.delivery ? 'delivery' : 'table';
  return (
    ORDER_MOVES.find(
      (m) => m.from === order.status && m.to === to && (m.kind === 'any' || m.kind === kind) && m.by.includes(actor),
    ) ?? null
  );
}

export function canMoveOrder(order: { status: string; delivery: boolean }, to: string, actor: OrderActor = 'staff') {
  return findOrderMove(order, to, actor) !== null;
}

/** The one forward step the board's big button makes (never cancel); null when the order is done. */
export function nextOrderStatus(order: { status: string; delivery: boolean }): OrderStatus | null {
  const kind = order.delivery ? 'delivery' : 'table';
  const move = ORDER_MOVES.find(
    (m) =>
      m.from === order.status &&
      m.to !== 'cancelled' &&
      (m.kind === 'any' || m.kind === kind) &&
      m.by.includes('staff'),
  );
  return move?.to ?? null;
}

/** No further move: served, delivered or cancelled. */
export function isFinalOrderStatus(status: string): boolean {
  return status === 'served' || status === 'delivered' || status === 'cancelled';
}

/** The orders the board shows as open (the kitchen still has work or the guest still waits). */
export function isOpenOrderStatus(status: string): boolean {
  return isOrderStatus(status) && !isFinalOrderStatus(status);
}

/** Payment moves: a webhook or a confirmation may only move a payment forward. */
const PAYMENT_MOVES: Record<PaymentStatus, readonly PaymentStatus[]> = {
  unpaid: ['pending', 'paid', 'failed'],
  pending: ['paid', 'failed', 'pending'],
  failed: ['pending', 'paid', 'failed'],
  paid: ['refunded'],
  refunded: [],
};

export function canMovePayment(from: string, to: string): boolean {
  return isPaymentStatus(from) && isPaymentStatus(to) && PAYMENT_MOVES[from].includes(to);
}

/** A cancelled order that was paid can be refunded from the board. */
export function canRefund(order: { status: string; paymentStatus: string }): boolean {
  return order.status === 'cancelled' && order.paymentStatus === 'paid';
}

/**
 * Nothing more can happen to the order that its guest would see: a final state, and no payment that
 * may still move (one under way, or a cancelled paid order the venue may still refund). The guest
 * page follows its order until then.
 */
export function isSettledOrder(order: { status: string; paymentStatus: string }): boolean {
  if (!isFinalOrderStatus(order.status)) return false;
  if (order.paymentStatus === 'pending') return false;
  return !canRefund(order);
}

/** Tip choices of the pay sheet, in percent of the order total; 'custom' is typed by the guest. */
export const TIP_PERCENTS = [0, 5, 10, 15] as const;
/** The most a tip may be, relative to the order total (a typo of 500 instead of 5.00 is refused). */
export const MAX_TIP_RATIO = 1;

/** A percentage tip of a total in minor units, rounded to the nearest minor unit. */
export function tipFromPercent(totalMinor: number, percent: number): number {
  return Math.round((totalMinor * percent) / 100);
}

/** A tip is a whole number of minor units from 0 up to the order total. */
export function isValidTipMinor(totalMinor: number, tipMinor: unknown): tipMinor is number {
  return (
    typeof tipMinor === 'number' &&
    Number.isInteger(tipMinor) &&
    tipMinor >= 0 &&
    tipMinor <= totalMinor * MAX_TIP_RATIO
  );
}

/** Minutes after which the board colours an open order amber, then red (docs/ui.md). */
export const ORDER_AGE_AMBER_MINUTES = 10;
export const ORDER_AGE_RED_MINUTES = 20;

/**
 * With the kitchen's current prep time (architecture 4.10), an order waiting longer than it is red,
 * and amber from half of it; without one, the fixed thresholds above.
 */
export function orderAgeLevel(
  dateCreated: Date | string,
  now: number,
  prepMinutes?: number | null,
): 'fresh' | 'amber' | 'red' {
  const minutes = (now - new Date(dateCreated).getTime()) / 60_000;
  const red = prepMinutes ? prepMinutes : ORDER_AGE_RED_MINUTES;
  const amber = prepMinutes ? prepMinutes / 2 : ORDER_AGE_AMBER_MINUTES;
  if (minutes >= red) return 'red';
  if (minutes >= amber) return 'amber';
  return 'fresh';
}
