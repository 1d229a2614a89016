import type { TaxSettings } from '@carte/domain';
import { orderTaxes } from '../orders/orders.service.ts';
import { assignReceiptNumber } from '../receipts/receipts.service.ts';
import { eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderEvents, orderItems, orders, tableSessions, venues } from '../../db/schema.ts';

export async function findVenueById(q: Db, id: string) {
  const [row] = await q.select().from(venues).where(eq(venues.id, id)).limit(1);
  return row;
}

export async function findOrderVenueId(q: Db, orderId: string): Promise<string | undefined> {
  const [row] = await q.select({ venueId: orders.venueId }).from(orders).where(eq(orders.id, orderId)).limit(1);
  return row?.venueId;
}

/** The order row, locked until the transaction ends. */
export async function lockOrderRow(tx: Db, id: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/** A waiter's order: taken as 'accepted' (the waiter is the one who accepted it), marked 'staff'. */
export async function markStaffOrder(tx: Db, orderId: string, byUserId: string): Promise<void> {
  const [row] = await tx
    .update(orders)
    .set({ status: 'accepted', source: 'staff', updatedAt: sql`clock_timestamp()` })
    .where(eq(orders.id, orderId))
    .returning({ updatedAt: orders.updatedAt });
  await tx.insert(orderEvents).values({
    orderId,
    kind: 'status',
    fromStatus: 'placed',
    toStatus: 'accepted',
    byUserId,
    reason: 'entered by staff',
    at: row!.updatedAt,
  });
}

export interface RoundLine {
  productId: string;
  name: string;
  unitPriceMinor: number;
  quantity: number;
  lineTotalMinor: number;
  variations: { id: string; name: string; priceVariationMinor: number }[];
  notes: string | null;
}

/** Appends a round's lines to an order and adds them to its totals, in the caller's transaction. */
export async function appendRound(
  tx: Db,
  orderId: string,
  lines: RoundLine[],
  taxSettings: TaxSettings | null,
): Promise<void> {
  const [last] = await tx
    .select({ position: max(orderItems.position), round: max(orderItems.round) })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const start = (last?.position ?? -1) + 1;
  const round = (last?.round ?? 0) + 1;
  await tx.insert(orderItems).values(lines.map((l, i) => ({ orderId, ...l, position: start + i, round })));
  // The bill of the whole order again (a round is a table order: service charge, taxes by rate).
  const all = await tx
    .select({ productId: orderItems.productId, lineTotalMinor: orderItems.lineTotalMinor })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const taxes = await orderTaxes(tx, taxSettings, all, { serviceCharge: true });
  await tx
    .update(orders)
    .set({
      subtotalMinor: taxes.subtotal,
      serviceChargeMinor: taxes.serviceCharge,
      tax: taxes.tax,
      taxTotalMinor: taxes.taxTotal,
      taxMode: taxes.mode,
      totalMinor: sql`${taxes.total} + ${orders.deliveryCostMinor}`,
      updatedAt: sql`clock_timestamp()`,
    })
    .where(eq(orders.id, orderId));
}

/** Paid at the venue with `method`, recorded as a payment move of the order by that user. */
export async function markPaidAtVenue(
  tx: Db,
  order: { id: string; paymentStatus: string },
  method: string,
  byUserId: string,
): Promise<void> {
  const [row] = await tx
    .update(orders)
    .set({ paymentStatus: 'paid', paidMethod: method, updatedAt: sql`clock_timestamp()` })
    .where(eq(orders.id, order.id))
    .returning({ updatedAt: orders.updatedAt });
  await assignReceiptNumber(tx, order.id);
  await tx.insert(orderEvents).values({
    orderId: order.id,
    kind: 'payment',
    fromStatus: order.paymentStatus,
    toStatus: 'paid',
    byUserId,
    reason: method,
    at: row!.updatedAt,
  });
}

/** A bill paid at the venue ends the table's session whose bill it is (decision 034); its id when there was one. */
export async function closeTableSessionOfOrder(tx: Db, orderId: string): Promise<string | undefined> {
  const [row] = await tx
    .update(tableSessions)
    .set({ status: 'closed', closedAt: sql`now()`, version: sql`${tableSessions.version} + 1` })
    .where(sql`${tableSessions.orderId} = ${orderId}::uuid and ${tableSessions.status} = 'open'`)
    .returning({ id: tableSessions.id });
  return row?.id;
}
