import type { MenuProduct, OptionGroup, TaxBreakdownEntry, TaxMode } from '@carte/domain';
import { and, asc, desc, eq, gt, inArray, isNull, max, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { EventStamp } from '../../events/order-events.ts';
import {
  billParts,
  categories,
  deliveries,
  productCategories,
  orderEvents,
  orderItems,
  orders,
  products,
  variationGroups,
  variations,
  venues,
} from '../../db/schema.ts';

export type VenueRow = typeof venues.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** One row of an order's products: a product, with one of its variations and that variation's group (or none). */
export interface MenuProductRow {
  id: string;
  name: string;
  priceMinor: number | null;
  status: string;
  variationId: string | null;
  variationName: string | null;
  priceVariationMinor: number | null;
  groupId: string | null;
  groupName: string | null;
  groupMin: number | null;
  groupMax: number | null;
  groupPosition: number | null;
}

/**
 * The venue's products among `productIds` (uuids), each with its variations and option groups, keyed by
 * id: one query (a group is read through its variations; a group without options cannot be chosen from).
 */
export async function loadMenuProducts(
  q: Db,
  venueId: string,
  productIds: string[],
): Promise<Map<string, MenuProduct>> {
  if (productIds.length === 0) return new Map();
  const rows = await q
    .select({
      id: products.id,
      name: products.name,
      priceMinor: products.priceMinor,
      status: products.status,
      variationId: variations.id,
      variationName: variations.name,
      priceVariationMinor: variations.priceVariationMinor,
      groupId: variationGroups.id,
      groupName: variationGroups.name,
      groupMin: variationGroups.minChoices,
      groupMax: variationGroups.maxChoices,
      groupPosition: variationGroups.position,
    })
    .from(products)
    .leftJoin(variations, eq(variations.productId, products.id))
    .leftJoin(variationGroups, eq(variationGroups.id, variations.groupId))
    .where(and(eq(products.venueId, venueId), inArray(products.id, productIds)))
    .orderBy(asc(products.id), asc(variations.position), asc(variations.key));
  return menuFromRows(rows);
}

/** Products with their variations and option groups from rows ordered by product, variation position and key. */
function menuFromRows(rows: readonly MenuProductRow[]): Map<string, MenuProduct> {
  const menu = new Map<string, MenuProduct & { variations: MenuProduct['variations'][number][] }>();
  const groups = new Map<string, { group: OptionGroup & { variationIds: string[] }; position: number }[]>();
  for (const r of rows) {
    let p = menu.get(r.id);
    if (!p) {
      p = { id: r.id, name: r.name, priceMinor: r.priceMinor, status: r.status, variations: [] };
      menu.set(r.id, p);
    }
    if (r.variationId !== null && r.variationName !== null) {
      p.variations.push({ id: r.variationId, name: r.variationName, priceVariationMinor: r.priceVariationMinor ?? 0 });
    }
    if (r.groupId !== null && r.variationId !== null) {
      const list = groups.get(r.id) ?? [];
      let entry = list.find((g) => g.group.id === r.groupId);
      if (!entry) {
        entry = {
          group: {
            id: r.groupId,
            name: r.groupName ?? '',
            min: r.groupMin ?? 0,
            max: r.groupMax ?? 1,
            variationIds: [],
          },
          position: r.groupPosition ?? 0,
        };
        list.push(entry);
        groups.set(r.id, list);
      }
      entry.group.variationIds.push(r.variationId);
    }
  }
  for (const [productId, list] of groups) {
    menu.get(productId)!.variationGroups = list.sort((a, b) => a.position - b.position).map((g) => g.group);
  }
  return menu;
}

/** A category's service settings as placing an order checks them (architecture 4.10). */
export interface OrderCategoryRow {
  id: string;
  hours: CategoryHours | null;
  pause: CategoryPause | null;
}
type CategoryHours = (typeof categories.$inferSelect)['hours'];
type CategoryPause = (typeof categories.$inferSelect)['pause'];

/** What placing an order reads before it writes: the venue, its categories' service, the ordered products. */
export interface OrderContext {
  venue: VenueRow;
  categories: OrderCategoryRow[];
  menu: Map<string, MenuProduct>;
}

/**
 * The order's reads in ONE statement, prepared once per database (issue 21 item 5, decision 037):
 * the venue by its address, its categories' hours and pauses (in menu order), and the ordered
 * products with their variations and groups (as loadMenuProducts reads them), aggregated as JSON.
 * Three round trips and three query builds became one prepared statement. Its parameters are the
 * placeholders `venueUrl` and `ids` (a JSON array of uuids); the orders bench gives its text to pgbench.
 */
export function orderContextQuery(db: Db) {
  const wanted = sql`(select value::uuid from jsonb_array_elements_text(${sql.placeholder('ids')}::jsonb))`;
  return db
    .select({
      venue: venues,
      categories: sql<OrderCategoryRow[]>`(
        select coalesce(json_agg(json_build_object('id', c.id, 'hours', c.hours, 'pause', c.pause)
          order by c.position, c.key), '[]'::json)
        from ${categories} c where c.venue_id = "venues"."id")`,
      menu: sql<MenuProductRow[]>`(
        select coalesce(json_agg(json_build_object(
          'id', p.id, 'name', p.name, 'priceMinor', p.price_minor, 'status', p.status,
          'variationId', va.id, 'variationName', va.name, 'priceVariationMinor', va.price_variation_minor,
          'groupId', g.id, 'groupName', g.name, 'groupMin', g.min_choices, 'groupMax', g.max_choices,
          'groupPosition', g.position)
          order by p.id, va.position, va.key), '[]'::json)
        from ${products} p
        left join ${variations} va on va.product_id = p.id
        left join ${variationGroups} g on g.id = va.group_id
        where p.venue_id = "venues"."id" and p.id in ${wanted})`,
    })
    .from(venues)
    .where(eq(venues.venueUrl, sql.placeholder('venueUrl')))
    .limit(1);
}

function prepareOrderContext(db: Db) {
  return orderContextQuery(db).prepare('carte_order_context');
}

const orderContextStatements = new WeakMap<Db, ReturnType<typeof prepareOrderContext>>();

export async function loadOrderContext(
  db: Db,
  venueUrl: string,
  productIds: string[],
): Promise<OrderContext | undefined> {
  let statement = orderContextStatements.get(db);
  if (!statement) {
    statement = prepareOrderContext(db);
    orderContextStatements.set(db, statement);
  }
  const [row] = await statement.execute({ venueUrl, ids: JSON.stringify(productIds) });
  if (!row) return undefined;
  return { venue: row.venue, categories: row.categories, menu: menuFromRows(row.menu) };
}

/**
 * The tax rate each product names and the rates of its categories (in menu order), for
 * lineTaxRate: one query, only run when the venue has tax settings.
 */
export async function loadProductTaxRates(
  q: Db,
  productIds: string[],
): Promise<Map<string, { own: string | null; categories: (string | null)[] }>> {
  const out = new Map<string, { own: string | null; categories: (string | null)[] }>();
  if (productIds.length === 0) return out;
  const rows = await q
    .select({ id: products.id, own: products.taxRate, category: categories.taxRate })
    .from(products)
    .leftJoin(productCategories, eq(productCategories.productId, products.id))
    .leftJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(inArray(products.id, productIds))
    .orderBy(asc(products.id), asc(categories.position));
  for (const r of rows) {
    const entry = out.get(r.id) ?? { own: r.own, categories: [] };
    entry.categories.push(r.category);
    out.set(r.id, entry);
  }
  return out;
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
 * Locks the venue row until the transaction ends, so that a second request with the same
 * Idempotency-Key waits for the first and then sees its order. `for no key update` still lets
 * other transactions insert rows that reference the venue.
 */
export async function lockVenue(tx: Db, venueId: string): Promise<void> {
  await tx.execute(sql`select 1 from ${venues} where ${venues.id} = ${venueId} for no key update`);
}

export interface OrderLineToStore {
  productId: string;
  name: string;
  unitPriceMinor: number;
  quantity: number;
  lineTotalMinor: number;
  variations: { id: string; name: string; priceVariationMinor: number }[];
  notes: string | null;
}

export interface OrderToStore {
  venueId: string;
  spot: string;
  delivery: boolean;
  currency: string;
  subtotalMinor: number;
  serviceChargeMinor: number;
  tax: TaxBreakdownEntry[];
  taxTotalMinor: number;
  taxMode: TaxMode | null;
  deliveryCostMinor: number;
  totalMinor: number;
  deliveryInfo: Record<string, string> | null;
  notes: string | null;
  /** The guest's allergies and diets; null when none were stated. */
  allergyProfile: { allergens: string[]; diets: string[] } | null;
  /** Pickup orders: the slot the guest chose; null otherwise. */
  pickupAt: Date | null;
  idempotencyKey: string | null;
  requestHash: string | null;
  dateCreated: Date;
  lines: OrderLineToStore[];
  /** The delivery job of a delivery order. */
  courier: { provider: string; providerRef: string | null; quoteRef: string | null; feeMinor: number } | null;
  /**
   * Sends the 'order.created' NOTIFY in the same statement (PostgreSQL's bus, decision 037): the
   * payload as encodeOrderEvent writes it, with the stored order's id. Absent: nothing is notified.
   */
  notify?: { channel: string; stamp: EventStamp } | undefined;
}

/**
 * Takes the venue's next short number (venues.order_seq + 1) and writes the order, its items and
 * its delivery in ONE statement: atomic without transaction round trips, and the venue row is
 * locked only while the statement runs, so the orders of a busy venue queue as briefly as they can.
 * Returns undefined when an order with the same venue and Idempotency-Key exists already.
 */
export async function insertOrderWithItems(
  q: Db,
  o: OrderToStore,
): Promise<{ id: string; number: number; status: string; updatedAt: Date } | undefined> {
  const items = JSON.stringify(
    o.lines.map((l, position) => ({
      product_id: l.productId,
      name: l.name,
      unit_price_minor: l.unitPriceMinor,
      quantity: l.quantity,
      line_total_minor: l.lineTotalMinor,
      variations: l.variations,
      notes: l.notes,
      position,
    })),
  );
  const created = o.dateCreated.toISOString();
  const c = o.courier;
  const n = o.notify;
  const result = (await q.execute(sql`
    with seq as (
      update ${venues} set order_seq = order_seq + 1 where id = ${o.venueId}::uuid returning order_seq
    ), o as (
      insert into ${orders} (number, venue_id, spot, delivery, pickup_at, currency, subtotal_minor, service_charge_minor, tax,
        tax_total_minor, tax_mode, delivery_cost_minor, total_minor, delivery_info, notes, allergy_profile,
        idempotency_key, request_hash, date_created, updated_at)
      select seq.order_seq, ${o.venueId}::uuid, ${o.spot}::text, ${o.delivery}::boolean,
        ${o.pickupAt?.toISOString() ?? null}::timestamptz, ${o.currency}::text,
        ${o.subtotalMinor}::bigint, ${o.serviceChargeMinor}::bigint, ${JSON.stringify(o.tax)}::jsonb,
        ${o.taxTotalMinor}::bigint, ${o.taxMode}::text, ${o.deliveryCostMinor}::bigint, ${o.totalMinor}::bigint,
        ${o.deliveryInfo ? JSON.stringify(o.deliveryInfo) : null}::jsonb, ${o.notes}::text,
        ${o.allergyProfile ? JSON.stringify(o.allergyProfile) : null}::jsonb, ${o.idempotencyKey}::text,
        ${o.requestHash}::text, ${created}::timestamptz, clock_timestamp()
      from seq
      on conflict (venue_id, idempotency_key) do nothing
      returning id, number, status, updated_at
    ), e as (
      insert into ${orderEvents} (order_id, kind, from_status, to_status, at)
      select o.id, 'status', null, o.status, o.updated_at from o
      returning 1
    ), i as (
      insert into ${orderItems} (order_id, product_id, name, unit_price_minor, quantity, line_total_minor, variations, notes, position)
      select o.id, x.product_id, x.name, x.unit_price_minor, x.quantity, x.line_total_minor, x.variations, x.notes, x.position
      from o cross join jsonb_to_recordset(${items}::jsonb) as x(product_id uuid, name text, unit_price_minor bigint,
        quantity integer, line_total_minor bigint, variations jsonb, notes text, position integer)
      returning 1
    ), d as (
      insert into ${deliveries} (order_id, provider, provider_ref, quote_ref, fee_minor, status)
      select o.id, ${c?.provider ?? 'none'}::text, ${c?.providerRef ?? null}::text, ${c?.quoteRef ?? null}::text,
        ${c?.feeMinor ?? 0}::bigint, 'pending'
      from o where ${c !== null}::boolean
      returning 1
    ), n as (
      select pg_notify(${n?.channel ?? ''}::text, json_build_object('type', 'order.created', 'orderId', o.id,
        'venueId', ${o.venueId}::uuid, 'sentAt', ${n?.stamp.sentAt ?? 0}::bigint, 'origin', ${n?.stamp.origin ?? ''}::text)::text)
      from o where ${n !== undefined}::boolean
    )
    select o.id, o.number, o.status, o.updated_at, (select count(*) from i)::int as items,
      (select count(*) from d)::int as couriers, (select count(*) from e)::int as events,
      (select count(*) from n)::int as notified from o
  `)) as unknown as {
    rows: {
      id: string;
      number: number;
      status: string;
      updated_at: string | Date;
      items: number;
      couriers: number;
      events: number;
      notified: number;
    }[];
  };
  const row = result.rows[0];
  if (!row) return undefined;
  if (
    Number(row.items) !== o.lines.length ||
    Number(row.couriers) !== (c ? 1 : 0) ||
    Number(row.events) !== 1 ||
    Number(row.notified) !== (n ? 1 : 0)
  ) {
    throw new Error(`order ${row.id} was written incompletely`);
  }
  return { id: row.id, number: Number(row.number), status: row.status, updatedAt: new Date(row.updated_at) };
}

export interface StoredOrder {
  order: Pick<
    OrderRow,
    | 'id'
    | 'venueId'
    | 'number'
    | 'status'
    | 'totalMinor'
    | 'subtotalMinor'
    | 'serviceChargeMinor'
    | 'tax'
    | 'taxTotalMinor'
    | 'taxMode'
    | 'receiptNumber'
    | 'deliveryCostMinor'
    | 'dateCreated'
    | 'deliveryInfo'
    | 'notes'
    | 'delivery'
    | 'spot'
    | 'currency'
    | 'paymentStatus'
    | 'tipMinor'
    | 'updatedAt'
    | 'allergyProfile'
    | 'allergyAckAt'
    | 'allergyAckBy'
    | 'pickupAt'
  >;
  venue: Pick<VenueRow, 'venueUrl'> & { timezone?: string | null };
  /** A table's bill paid in parts (decision 034): the parts paid so far; 0 (or absent) otherwise. */
  paidPartsMinor?: number;
  /** The courier job of a delivery order, when there is one. */
  courier: Pick<
    typeof deliveries.$inferSelect,
    'status' | 'trackingUrl' | 'dropoffEta' | 'courier' | 'provider'
  > | null;
  items: Pick<
    OrderItemRow,
    'productId' | 'name' | 'quantity' | 'unitPriceMinor' | 'lineTotalMinor' | 'variations' | 'notes'
  >[];
  /** A cancelled order: the reason staff gave (its cancelling move's, kept in order_events), or null. */
  cancelReason?: string | null;
  /** updated_at to the microsecond, as the board's catch-up cursor (see orderCursor). */
  cursor?: string;
  /**
   * The cursor of the order's creation (its first state's time, to the microsecond), read by a
   * catch-up: date_created is taken in milliseconds before the insert, so it cannot tell on its own
   * whether a client's cursor comes before or after the order was written.
   */
  createdCursor?: string;
}

/**
 * An order's catch-up cursor: its updated_at in UTC to the microsecond ("2026-05-01T12:00:00.123456Z").
 * Microseconds matter: a millisecond cursor would give the same change back after a reconnect.
 */
const cursorOf = (column: SQL | typeof orders.updatedAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The cursor before every order: a venue without orders answers it, so `since` then means "all". */
export const EPOCH_CURSOR = '1970-01-01T00:00:00.000000Z';

const orderWithVenue = {
  order: orders,
  venueUrl: venues.venueUrl,
  /** The venue's zone (its schedule's), to write a pickup time with its offset. */
  timezone: sql<string | null>`${venues.schedule}->>'timezone'`,
  cursor: cursorOf(orders.updatedAt),
};

/** The time of the order's first state (the insert's clock, as its first cursor was), else date_created. */
const createdCursorOf = cursorOf(
  sql`coalesce((select min(${orderEvents.at}) from ${orderEvents} where ${orderEvents.orderId} = ${orders.id}), ${orders.dateCreated})`,
);

/** Items and courier jobs of many orders in two queries, in the orders' order. */
async function withItemsAndCourier(
  q: Db,
  rows: { order: OrderRow; venueUrl: string; timezone: string | null; cursor: string; createdCursor?: string }[],
): Promise<StoredOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.order.id);
  const deliveryIds = rows.filter((r) => r.order.delivery).map((r) => r.order.id);
  // One after the other: `q` may be a transaction (one connection).
  const items = await q
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  const couriers = deliveryIds.length
    ? await q
        .select({
          orderId: deliveries.orderId,
          status: deliveries.status,
          trackingUrl: deliveries.trackingUrl,
          dropoffEta: deliveries.dropoffEta,
          courier: deliveries.courier,
          provider: deliveries.provider,
        })
        .from(deliveries)
        .where(inArray(deliveries.orderId, deliveryIds))
        .orderBy(asc(deliveries.createdAt))
    : [];
  // A cancellation's reason is recorded with its move (order_events), read back for cancelled orders only.
  const cancelledIds = rows.filter((r) => r.order.status === 'cancelled').map((r) => r.order.id);
  const reasons = cancelledIds.length
    ? await q
        .select({ orderId: orderEvents.orderId, reason: orderEvents.reason })
        .from(orderEvents)
        .where(
          and(
            inArray(orderEvents.orderId, cancelledIds),
            eq(orderEvents.kind, 'status'),
            eq(orderEvents.toStatus, 'cancelled'),
          ),
        )
        .orderBy(asc(orderEvents.at), asc(orderEvents.id))
    : [];
  // A table's bill paid in parts: what its paid parts add up to (open table orders only).
  const splitIds = rows
    .filter((r) => !r.order.delivery && r.order.spot !== null && r.order.paymentStatus === 'unpaid')
    .map((r) => r.order.id);
  const paidParts = splitIds.length
    ? await q
        .select({ orderId: billParts.orderId, amount: sql<string>`sum(${billParts.amountMinor})` })
        .from(billParts)
        .where(and(inArray(billParts.orderId, splitIds), eq(billParts.status, 'paid')))
        .groupBy(billParts.orderId)
    : [];
  const paidPartsOf = new Map(paidParts.map((p) => [p.orderId, Number(p.amount)]));
  const reasonOf = new Map<string, string | null>();
  for (const r of reasons) reasonOf.set(r.orderId, r.reason);
  const itemsOf = new Map<string, OrderItemRow[]>();
  for (const item of items) {
    const list = itemsOf.get(item.orderId) ?? [];
    list.push(item);
    itemsOf.set(item.orderId, list);
  }
  const courierOf = new Map<string, StoredOrder['courier']>();
  for (const { orderId, ...courier } of couriers) if (!courierOf.has(orderId)) courierOf.set(orderId, courier);
  return rows.map((r) => ({
    order: r.order,
    venue: { venueUrl: r.venueUrl, timezone: r.timezone },
    items: itemsOf.get(r.order.id) ?? [],
    courier: courierOf.get(r.order.id) ?? null,
    cancelReason: reasonOf.get(r.order.id) ?? null,
    paidPartsMinor: paidPartsOf.get(r.order.id) ?? 0,
    cursor: r.cursor,
    ...(r.createdCursor === undefined ? {} : { createdCursor: r.createdCursor }),
  }));
}

export async function findOrder(q: Db, id: string): Promise<StoredOrder | undefined> {
  const rows = await q
    .select(orderWithVenue)
    .from(orders)
    .innerJoin(venues, eq(venues.id, orders.venueId))
    .where(eq(orders.id, id))
    .limit(1);
  const [stored] = await withItemsAndCourier(q, rows);
  return stored;
}

/** The venue slug of an order, or undefined when there is no such order. */
export async function findOrderVenueUrl(q: Db, id: string): Promise<string | undefined> {
  const [row] = await q
    .select({ venueUrl: venues.venueUrl })
    .from(orders)
    .innerJoin(venues, eq(venues.id, orders.venueId))
    .where(eq(orders.id, id))
    .limit(1);
  return row?.venueUrl;
}

export interface VenueOrdersQuery {
  venueId: string;
  /** Only these states; null for all. */
  statuses: readonly string[] | null;
  /** A cursor: only orders changed after it. */
  since: string | null;
  limit: number;
}

/**
 * The board's orders. Without `since`: the newest `limit` orders (by date placed). With `since`:
 * the `limit` EARLIEST changes after that cursor, so that a client paging with the answer's cursor
 * never skips one; the page is then shown newest first. The answer's cursor is the latest change
 * among the rows read (or, without `since`, of the whole venue), never earlier than `since`.
 */
export async function listVenueOrders(
  q: Db,
  query: VenueOrdersQuery,
): Promise<{ orders: StoredOrder[]; cursor: string }> {
  const conditions = [eq(orders.venueId, query.venueId)];
  if (query.statuses) conditions.push(inArray(orders.status, [...query.statuses]));
  if (query.since) conditions.push(gt(orders.updatedAt, sql`${query.since}::timestamptz`));
  const rows = await q
    .select(query.since ? { ...orderWithVenue, createdCursor: createdCursorOf } : orderWithVenue)
    .from(orders)
    .innerJoin(venues, eq(venues.id, orders.venueId))
    .where(and(...conditions))
    .orderBy(
      ...(query.since ? [asc(orders.updatedAt), asc(orders.id)] : [desc(orders.dateCreated), desc(orders.number)]),
    )
    .limit(query.limit);
  let cursor: string;
  if (query.since) {
    cursor = rows.reduce((c, r) => (r.cursor > c ? r.cursor : c), query.since);
    rows.sort(
      (a, b) => b.order.dateCreated.getTime() - a.order.dateCreated.getTime() || b.order.number - a.order.number,
    );
  } else {
    cursor = await venueCursor(q, query.venueId);
  }
  return { orders: await withItemsAndCourier(q, rows), cursor };
}

/** The venue's latest change (EPOCH_CURSOR when it has no orders). */
export async function venueCursor(q: Db, venueId: string): Promise<string> {
  const [row] = await q
    .select({ cursor: cursorOf(sql`${max(orders.updatedAt)}`) })
    .from(orders)
    .where(eq(orders.venueId, venueId));
  return row?.cursor ?? EPOCH_CURSOR;
}

/** The order's row, locked until the transaction ends (status changes queue on it). */
export async function lockOrder(
  tx: Db,
  id: string,
): Promise<
  | {
      id: string;
      venueId: string;
      status: string;
      delivery: boolean;
      allergyProfile: OrderRow['allergyProfile'];
      allergyAckAt: Date | null;
    }
  | undefined
> {
  const [row] = await tx
    .select({
      id: orders.id,
      venueId: orders.venueId,
      status: orders.status,
      delivery: orders.delivery,
      allergyProfile: orders.allergyProfile,
      allergyAckAt: orders.allergyAckAt,
    })
    .from(orders)
    .where(eq(orders.id, id))
    .for('update');
  return row;
}

/** Moves the order and records the move (kind 'status'), inside the caller's transaction. */
export async function moveOrderStatus(
  tx: Db,
  move: { orderId: string; from: string; to: string; byUserId: string | null; reason: string | null },
): Promise<void> {
  const [updated] = await tx
    .update(orders)
    .set({ status: move.to, updatedAt: sql`clock_timestamp()` })
    .where(and(eq(orders.id, move.orderId), eq(orders.status, move.from)))
    .returning({ updatedAt: orders.updatedAt });
  if (!updated) throw new Error(`order ${move.orderId} was not in state ${move.from}`);
  await tx.insert(orderEvents).values({
    orderId: move.orderId,
    kind: 'status',
    fromStatus: move.from,
    toStatus: move.to,
    byUserId: move.byUserId,
    reason: move.reason,
    at: updated.updatedAt,
  });
}

/**
 * Records that a staff member read the order's allergy banner (the first acknowledgement stays: who
 * read it first and when), inside the caller's transaction; the order's updated_at moves so the
 * boards' catch-up sees it. Returns false when it was acknowledged already.
 */
export async function acknowledgeAllergies(tx: Db, orderId: string, byUserId: string): Promise<boolean> {
  const updated = await tx
    .update(orders)
    .set({ allergyAckAt: sql`clock_timestamp()`, allergyAckBy: byUserId, updatedAt: sql`clock_timestamp()` })
    .where(and(eq(orders.id, orderId), isNull(orders.allergyAckAt)))
    .returning({ id: orders.id });
  return updated.length > 0;
}

/** An order's status history, oldest first. */
export async function listOrderEvents(q: Db, orderId: string) {
  return q
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
}
