import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billParts, orderEvents, orders, payments, tableSessions, venues, webhookEvents } from '../../db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** What create-intent needs to know about an order and its venue. */
export async function findOrderForPayment(q: Db, orderId: string) {
  const [row] = await q
    .select({
      id: orders.id,
      number: orders.number,
      venueId: orders.venueId,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      totalMinor: orders.totalMinor,
      currency: orders.currency,
      cardPayment: venues.cardPayment,
      venueName: venues.name,
    })
    .from(orders)
    .innerJoin(venues, eq(venues.id, orders.venueId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}

/** The order row, locked until the transaction ends: payment changes of one order queue here. */
export async function lockOrder(tx: Db, orderId: string) {
  const [row] = await tx
    .select({
      id: orders.id,
      venueId: orders.venueId,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      totalMinor: orders.totalMinor,
      tipMinor: orders.tipMinor,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return row;
}

export async function findPaymentByRef(q: Db, provider: string, providerRef: string) {
  const [row] = await q
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)))
    .limit(1);
  return row;
}

/** The order's most recent payment attempt (the one the guest is paying with now). */
export async function findLatestPayment(q: Db, orderId: string) {
  const [row] = await q
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row;
}

export async function findPaymentsOfOrder(q: Db, orderId: string) {
  return q.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt));
}

/** Inserts the attempt, or (the same intent again: idempotent create) brings it back to pending. */
export async function upsertPendingPayment(
  tx: Db,
  row: {
    orderId: string;
    provider: string;
    providerRef: string;
    amountMinor: number;
    tipMinor: number;
    currency: string;
  },
) {
  const [stored] = await tx
    .insert(payments)
    .values({ ...row, status: 'pending' })
    .onConflictDoUpdate({
      target: [payments.provider, payments.providerRef],
      set: { status: 'pending', updatedAt: sql`now()` },
      // A paid or refunded attempt is never brought back.
      setWhere: sql`${payments.status} in ('pending', 'failed')`,
    })
    .returning();
  return stored;
}

export async function setPaymentStatus(tx: Db, paymentId: string, status: string) {
  await tx
    .update(payments)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(payments.id, paymentId));
}

export async function setOrderPayment(tx: Db, orderId: string, set: { paymentStatus: string; tipMinor?: number }) {
  await tx
    .update(orders)
    // clock_timestamp(), not now(): the board catches up by updated_at, and a change must not carry the
    // start time of a transaction that committed later than changes the board has already seen.
    .set({ ...set, updatedAt: sql`clock_timestamp()` })
    .where(eq(orders.id, orderId));
}

export async function insertPaymentEvent(
  tx: Db,
  e: {
    orderId: string;
    from: string;
    to: string;
    byUserId?: string | null;
    reason?: string | null;
    /** 'payment', or 'payment_mismatch' for a succeeded intent that does not pay the order. */
    kind?: 'payment' | 'payment_mismatch';
  },
) {
  await tx.insert(orderEvents).values({
    orderId: e.orderId,
    kind: e.kind ?? 'payment',
    fromStatus: e.from,
    toStatus: e.to,
    byUserId: e.byUserId ?? null,
    reason: e.reason ?? null,
  });
}

/** Records a webhook event; false when it was recorded before (a replay: apply nothing). */
export async function recordWebhookEvent(tx: Db, provider: string, eventId: string, type: string): Promise<boolean> {
  const inserted = await tx
    .insert(webhookEvents)
    .values({ provider, eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  return inserted.length > 0;
}

// A table guest's part of the bill (decision 034).

export type BillPartRow = typeof billParts.$inferSelect;

/** A part's payment attempt: pending, never moving the order itself to pending. */
export async function insertPartPayment(
  tx: Db,
  row: { orderId: string; partId: string; provider: string; providerRef: string; amountMinor: number; tipMinor: number; currency: string },
) {
  const [stored] = await tx
    .insert(payments)
    .values({ ...row, status: 'pending' })
    .onConflictDoUpdate({
      target: [payments.provider, payments.providerRef],
      set: { updatedAt: sql`now()` },
    })
    .returning();
  return stored;
}

/** The part, locked until the transaction ends. */
export async function lockPart(tx: Db, partId: string): Promise<BillPartRow | undefined> {
  const [row] = await tx.select().from(billParts).where(eq(billParts.id, partId)).for('update');
  return row;
}

export async function setPartStatus(tx: Db, partId: string, status: 'paid' | 'released'): Promise<void> {
  await tx.update(billParts).set({ status, updatedAt: sql`now()` }).where(eq(billParts.id, partId));
}

/** What the paid parts of an order add up to: the bill's part, and the tips beside it. */
export async function paidPartsOf(q: Db, orderId: string): Promise<{ amountMinor: number; tipMinor: number }> {
  const [row] = await q
    .select({
      amount: sql<string>`coalesce(sum(${billParts.amountMinor}), 0)`,
      tip: sql<string>`coalesce(sum(${billParts.tipMinor}), 0)`,
    })
    .from(billParts)
    .where(and(eq(billParts.orderId, orderId), eq(billParts.status, 'paid')));
  return { amountMinor: Number(row?.amount ?? 0), tipMinor: Number(row?.tip ?? 0) };
}

/** Ends the open table session whose bill this order is (it is paid); the session's id when there was one. */
export async function closeSessionOfOrder(tx: Db, orderId: string): Promise<{ id: string; venueId: string } | undefined> {
  const [row] = await tx
    .update(tableSessions)
    .set({ status: 'closed', closedAt: sql`now()`, version: sql`${tableSessions.version} + 1` })
    .where(and(eq(tableSessions.orderId, orderId), eq(tableSessions.status, 'open')))
    .returning({ id: tableSessions.id, venueId: tableSessions.venueId });
  return row;
}

/** The table session whose bill this order is (open or not), to tell its phones of a change. */
export async function sessionOfOrder(q: Db, orderId: string): Promise<{ id: string; venueId: string } | undefined> {
  const [row] = await q
    .select({ id: tableSessions.id, venueId: tableSessions.venueId })
    .from(tableSessions)
    .where(eq(tableSessions.orderId, orderId))
    .limit(1);
  return row;
}

/** Whether guests hold or paid parts of this order (then it is paid part by part, not whole). */
export async function hasActiveParts(q: Db, orderId: string): Promise<boolean> {
  const [row] = await q
    .select({ id: billParts.id })
    .from(billParts)
    .where(and(eq(billParts.orderId, orderId), sql`${billParts.status} in ('held', 'paid')`))
    .limit(1);
  return Boolean(row);
}
