import { and, eq, gt, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { deliveries, orderEvents, orderItems, orders, venues, webhookEvents } from '../../db/schema.ts';

type Q = Db | Tx;

/** What the dispatcher needs to decide whether a courier is due, and to book one. */
export async function findDispatchCandidate(q: Q, orderId: string) {
  const [row] = await q
    .select({
      orderId: orders.id,
      number: orders.number,
      venueId: orders.venueId,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      isDelivery: orders.delivery,
      deliveryInfo: orders.deliveryInfo,
      notes: orders.notes,
      venue: {
        id: venues.id,
        venueUrl: venues.venueUrl,
        name: venues.name,
        currency: venues.currency,
        pickupAddress: venues.pickupAddress,
        pickupPhone: venues.pickupPhone,
        deliveryFeeMinor: venues.deliveryFeeMinor,
        cardPayment: venues.cardPayment,
      },
      delivery: {
        id: deliveries.id,
        provider: deliveries.provider,
        providerRef: deliveries.providerRef,
        quoteRef: deliveries.quoteRef,
        feeMinor: deliveries.feeMinor,
        status: deliveries.status,
      },
    })
    .from(orders)
    .innerJoin(venues, eq(venues.id, orders.venueId))
    .innerJoin(deliveries, eq(deliveries.orderId, orders.id))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}

export type DispatchCandidate = NonNullable<Awaited<ReturnType<typeof findDispatchCandidate>>>;

export async function findOrderItemsForManifest(q: Q, orderId: string) {
  return q
    .select({ name: orderItems.name, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.position);
}

/**
 * Claims the courier job: only one process (every process receives the event) wins the row and
 * calls the provider. Returns false when another process or an earlier event claimed it.
 */
export async function claimDelivery(q: Q, deliveryId: string): Promise<boolean> {
  const rows = await q
    .update(deliveries)
    .set({ status: 'requested', updatedAt: new Date() })
    .where(and(eq(deliveries.id, deliveryId), isNull(deliveries.providerRef), eq(deliveries.status, 'pending')))
    .returning({ id: deliveries.id });
  return rows.length === 1;
}

/** The courier's state changed: a history row, and the order's updated_at (the board's cursor) moves. */
export async function recordCourierChange(
  q: Q,
  orderId: string,
  change: { from: string | null; to: string; reason?: string | null },
): Promise<void> {
  await q.insert(orderEvents).values({
    orderId,
    kind: 'courier',
    fromStatus: change.from,
    toStatus: change.to,
    reason: change.reason ?? null,
  });
  await touchOrder(q, orderId);
}

export async function touchOrder(q: Q, orderId: string): Promise<void> {
  await q.execute(sql`update ${orders} set updated_at = clock_timestamp() where id = ${orderId}::uuid`);
}

export async function storeCreatedDelivery(
  q: Q,
  deliveryId: string,
  values: { providerRef: string | null; status: string; trackingUrl: string | null; dropoffEta: Date | null },
): Promise<void> {
  await q
    .update(deliveries)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(deliveries.id, deliveryId), eq(deliveries.status, 'requested')));
}

export async function markDeliveryFailed(q: Q, deliveryId: string): Promise<void> {
  await q
    .update(deliveries)
    .set({ status: 'failed', updatedAt: new Date() })
    .where(and(eq(deliveries.id, deliveryId), eq(deliveries.status, 'requested')));
}

/** Records a webhook event; false when it was applied before (a replay). */
export async function recordWebhookEvent(q: Q, provider: string, eventId: string, type: string): Promise<boolean> {
  const rows = await q
    .insert(webhookEvents)
    .values({ provider, eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  return rows.length === 1;
}

/** The delivery a webhook is about, locked with its order for the change: by the provider's id, else by our order id. */
export async function lockDeliveryForWebhook(
  tx: Tx,
  provider: string,
  providerRef: string | null,
  orderId: string | null,
) {
  const where = providerRef
    ? and(eq(deliveries.provider, provider), eq(deliveries.providerRef, providerRef))
    : orderId
      ? and(eq(deliveries.provider, provider), eq(deliveries.orderId, orderId))
      : undefined;
  if (!where) return undefined;
  let [row] = await tx.select().from(deliveries).where(where).limit(1).for('update');
  if (!row && providerRef && orderId) {
    // The status arrived before our create call stored Uber's id: find it by our order id.
    [row] = await tx
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.provider, provider), eq(deliveries.orderId, orderId)))
      .limit(1)
      .for('update');
  }
  if (!row) return undefined;
  const [order] = await tx
    .select({ id: orders.id, venueId: orders.venueId, status: orders.status, delivery: orders.delivery })
    .from(orders)
    .where(eq(orders.id, row.orderId))
    .limit(1)
    .for('update');
  return order ? { delivery: row, order } : undefined;
}

export async function updateDeliveryFromWebhook(
  tx: Tx,
  deliveryId: string,
  values: Partial<
    Pick<typeof deliveries.$inferInsert, 'status' | 'providerRef' | 'courier' | 'dropoffEta' | 'trackingUrl'>
  >,
): Promise<void> {
  await tx
    .update(deliveries)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(deliveries.id, deliveryId));
}

/** Moves the order (checked by the caller with the domain's table) and writes the history row. */
export async function moveOrderByCourier(tx: Tx, orderId: string, from: string, to: string, reason: string) {
  const moved = await tx.execute(
    sql`update ${orders} set status = ${to}, updated_at = clock_timestamp() where id = ${orderId}::uuid and status = ${from} returning id`,
  );
  const count = (moved as unknown as { rows: unknown[] }).rows.length;
  if (count !== 1) return false;
  await tx.insert(orderEvents).values({ orderId, kind: 'status', fromStatus: from, toStatus: to, reason });
  return true;
}

/**
 * Orders whose courier is due and not booked (an event lost while no process listened, a restart):
 * accepted by the staff, or paid at a venue taking cards; placed in the last day.
 */
export async function findDueCourierOrders(
  q: Q,
  opts: { provider: string; cardPayments: boolean; since: Date; limit: number },
): Promise<string[]> {
  const accepted = inArray(orders.status, ['accepted', 'preparing', 'ready']);
  const paid = and(
    eq(orders.paymentStatus, 'paid'),
    eq(venues.cardPayment, true),
    notInArray(orders.status, ['served', 'delivered', 'cancelled']),
  );
  const rows = await q
    .select({ id: orders.id })
    .from(deliveries)
    .innerJoin(orders, eq(orders.id, deliveries.orderId))
    .innerJoin(venues, eq(venues.id, orders.venueId))
    .where(
      and(
        eq(deliveries.provider, opts.provider),
        isNull(deliveries.providerRef),
        eq(deliveries.status, 'pending'),
        eq(orders.delivery, true),
        ne(orders.status, 'placed'),
        gt(orders.dateCreated, opts.since),
        opts.cardPayments ? or(accepted, paid) : accepted,
      ),
    )
    .orderBy(orders.dateCreated)
    .limit(opts.limit);
  return rows.map((r) => r.id);
}
