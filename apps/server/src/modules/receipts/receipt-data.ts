import type { LegalDetails, TaxBreakdownEntry } from '@carte/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { creditNotes, orderItems, orders, payments, venues } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

/** How the guest paid, as the receipt names it. */
export type ReceiptPaymentMethod = 'card_online' | 'cash' | 'card_terminal' | 'other';

/** Everything a receipt prints, read from the stored order (never recomputed, decision 016). Minor units. */
export interface ReceiptData {
  orderId: string;
  venueId: string;
  venueName: string;
  legal: LegalDetails | null;
  /** The venue's IANA zone (its opening hours'), else UTC. */
  timeZone: string;
  receiptNumber: number;
  paidAt: Date;
  orderNumber: number;
  spot: string;
  delivery: boolean;
  currency: string;
  /** The order's e-mail (delivery orders), for the staff's "send the receipt". */
  email: string | null;
  lines: { name: string; quantity: number; unitPrice: number; total: number; options: string[]; notes: string | null }[];
  subtotal: number;
  serviceCharge: number;
  taxMode: 'inclusive' | 'exclusive' | null;
  tax: TaxBreakdownEntry[];
  taxTotal: number;
  deliveryCost: number;
  tip: number;
  /** What the guest paid: the order's total and the tip. */
  paid: number;
  method: ReceiptPaymentMethod;
  creditNotes: { number: number; amount: number; at: Date }[];
}

/**
 * Reads a paid order's receipt. ORDER_NOT_FOUND when there is no such order, RECEIPT_NOT_READY while
 * it has no receipt number (a number is given with the payment, decision 021; a refunded order keeps it).
 */
export async function loadReceipt(db: Db, orderId: string): Promise<ReceiptData> {
  const [row] = await db
    .select({ order: orders, venue: { name: venues.name, legal: venues.legal, schedule: venues.schedule } })
    .from(orders)
    .innerJoin(venues, eq(venues.id, orders.venueId))
    .where(eq(orders.id, orderId.toLowerCase()))
    .limit(1);
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  const { order, venue } = row;
  if (order.receiptNumber === null || order.paidAt === null) throw new AppError('RECEIPT_NOT_READY');
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.position));
  const notes = await db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.orderId, order.id))
    .orderBy(asc(creditNotes.number));
  const card = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.orderId, order.id))
    .limit(1)
    .then((r) => r.length > 0 && order.paidMethod === null);
  const method: ReceiptPaymentMethod =
    order.paidMethod === 'cash' || order.paidMethod === 'card_terminal' || order.paidMethod === 'other'
      ? order.paidMethod
      : card
        ? 'card_online'
        : 'other';
  const info = order.deliveryInfo as Record<string, unknown> | null;
  return {
    orderId: order.id,
    venueId: order.venueId,
    venueName: venue.name,
    legal: venue.legal ?? null,
    timeZone: validZone(venue.schedule?.timezone),
    receiptNumber: order.receiptNumber,
    paidAt: order.paidAt,
    orderNumber: order.number,
    spot: order.spot,
    delivery: order.delivery,
    currency: order.currency,
    email: typeof info?.email === 'string' && info.email ? info.email : null,
    lines: items.map((i) => ({
      name: i.name,
      quantity: i.quantity,
      unitPrice: i.unitPriceMinor,
      total: i.lineTotalMinor,
      options: i.variations.map((v) => v.name),
      notes: i.notes ?? null,
    })),
    subtotal: order.subtotalMinor,
    serviceCharge: order.serviceChargeMinor,
    taxMode: order.taxMode === 'inclusive' || order.taxMode === 'exclusive' ? order.taxMode : null,
    tax: order.tax,
    taxTotal: order.taxTotalMinor,
    deliveryCost: order.deliveryCostMinor,
    tip: order.tipMinor,
    paid: order.totalMinor + order.tipMinor,
    method,
    creditNotes: notes.map((n) => ({ number: n.number, amount: n.amountMinor, at: n.createdAt })),
  };
}

function validZone(zone: string | undefined): string {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}
