import type { MenuProduct } from '@carte/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deliveries, orderItems, orders, products, variations, venues } from '../../db/schema.ts';

export type VenueRow = typeof venues.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'number' | 'dateCreated' | 'updatedAt'>;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId'>;
export type NewDelivery = Omit<typeof deliveries.$inferInsert, 'id' | 'orderId' | 'createdAt' | 'updatedAt'>;

export async function findVenueByUrl(q: Db, venueUrl: string): Promise<VenueRow | undefined> {
  const [row] = await q.select().from(venues).where(eq(venues.venueUrl, venueUrl)).limit(1);
  return row;
}

/** The venue's products among `productIds` (uuids), each with its variations, keyed by id. */
export async function loadMenuProducts(
  q: Db,
  venueId: string,
  productIds: string[],
): Promise<Map<string, MenuProduct>> {
  const menu = new Map<string, MenuProduct & { variations: MenuProduct['variations'][number][] }>();
  if (productIds.length === 0) return menu;
  const rows = await q
    .select({ id: products.id, name: products.name, priceMinor: products.priceMinor, status: products.status })
    .from(products)
    .where(and(eq(products.venueId, venueId), inArray(products.id, productIds)));
  for (const r of rows) menu.set(r.id, { ...r, variations: [] });
  if (menu.size === 0) return menu;
  const vars = await q
    .select({
      id: variations.id,
      productId: variations.productId,
      name: variations.name,
      priceVariationMinor: variations.priceVariationMinor,
    })
    .from(variations)
    .where(inArray(variations.productId, [...menu.keys()]))
    .orderBy(asc(variations.position), asc(variations.key));
  for (const v of vars)
    menu.get(v.productId)?.variations.push({ id: v.id, name: v.name, priceVariationMinor: v.priceVariationMinor });
  return menu;
}

export async function findOrderIdByKey(
  q: Db,
  venueId: string,
  idempotencyKey: string,
): Promise<{ id: string; requestHash: string | null } | undefined> {
  const [row] = await q
    .select({ id: orders.id, requestHash: orders.requestHash })
    .from(orders)
    .where(and(eq(orders.venueId, venueId), eq(orders.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row;
}

/**
 * Locks the venue row until the transaction ends: orders of one venue take their numbers one
 * after the other, and a second request with the same Idempotency-Key waits for the first.
 * `for no key update` still lets other transactions insert rows that reference the venue.
 */
export async function lockVenue(tx: Db, venueId: string): Promise<void> {
  await tx.execute(sql`select 1 from ${venues} where ${venues.id} = ${venueId} for no key update`);
}

/** The venue's next short order number (venues.order_seq + 1), taken inside the transaction. */
export async function takeOrderNumber(tx: Db, venueId: string): Promise<number> {
  const [row] = await tx
    .update(venues)
    .set({ orderSeq: sql`${venues.orderSeq} + 1` })
    .where(eq(venues.id, venueId))
    .returning({ orderSeq: venues.orderSeq });
  if (!row) throw new Error(`venue ${venueId} vanished during the order`);
  return row.orderSeq;
}

/** Inserts the order unless one with the same venue and Idempotency-Key exists (then undefined). */
export async function insertOrder(tx: Db, values: NewOrder & { number: number }): Promise<OrderRow | undefined> {
  const [row] = await tx
    .insert(orders)
    .values(values)
    .onConflictDoNothing({ target: [orders.venueId, orders.idempotencyKey] })
    .returning();
  return row;
}

export async function insertOrderItems(tx: Db, orderId: string, items: NewOrderItem[]): Promise<OrderItemRow[]> {
  if (items.length === 0) return [];
  return tx
    .insert(orderItems)
    .values(items.map((i) => ({ ...i, orderId })))
    .returning();
}

export async function insertDelivery(tx: Db, orderId: string, values: NewDelivery): Promise<void> {
  await tx.insert(deliveries).values({ ...values, orderId });
}

export interface StoredOrder {
  order: OrderRow;
  venue: Pick<VenueRow, 'venueUrl' | 'currency'>;
  items: OrderItemRow[];
}

export async function findOrder(q: Db, id: string): Promise<StoredOrder | undefined> {
  const [row] = await q
    .select({ order: orders, venueUrl: venues.venueUrl, currency: venues.currency })
    .from(orders)
    .innerJoin(venues, eq(venues.id, orders.venueId))
    .where(eq(orders.id, id))
    .limit(1);
  if (!row) return undefined;
  const items = await q.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.position));
  return { order: row.order, venue: { venueUrl: row.venueUrl, currency: row.currency }, items };
}
