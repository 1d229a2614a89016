import { splitByStation, type OrderTicket, type Station, type TicketStatus } from '@carte/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, orderItems, orders, orderTickets, productCategories, venues } from '../../db/schema.ts';

export type TicketRow = typeof orderTickets.$inferSelect;

/**
 * Makes the kitchen tickets of an order's lines that have none yet (its first round, or a round a
 * waiter added): one ticket per station with lines, in the caller's transaction, which must hold the
 * order (new or locked) so that two calls cannot split the same lines. Returns how many were made.
 */
export async function createTicketsForNewLines(tx: Db, orderId: string): Promise<number> {
  const [order] = await tx
    .select({ venueId: orders.venueId, stations: venues.stations })
    .from(orders)
    .innerJoin(venues, eq(venues.id, orders.venueId))
    .where(eq(orders.id, orderId));
  if (!order) return 0;
  const existing = await tx
    .select({ itemIds: orderTickets.itemIds, round: orderTickets.round })
    .from(orderTickets)
    .where(eq(orderTickets.orderId, orderId));
  const ticketed = new Set(existing.flatMap((t) => t.itemIds));
  const items = (
    await tx
      .select({ id: orderItems.id, productId: orderItems.productId })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position))
  ).filter((i) => !ticketed.has(i.id));
  if (!items.length) return 0;
  const productIds = [...new Set(items.map((i) => i.productId).filter((id): id is string => id !== null))];
  const cats = productIds.length
    ? await tx
        .select({ productId: productCategories.productId, station: categories.station })
        .from(productCategories)
        .innerJoin(categories, eq(categories.id, productCategories.categoryId))
        .where(inArray(productCategories.productId, productIds))
        .orderBy(asc(categories.position), asc(categories.key))
    : [];
  const stationsOf = new Map<string, (string | null)[]>();
  for (const c of cats) stationsOf.set(c.productId, [...(stationsOf.get(c.productId) ?? []), c.station]);
  const groups = splitByStation(
    items.map((i) => ({ categoryStations: (i.productId && stationsOf.get(i.productId)) || [] })),
    order.stations,
  );
  const round = existing.reduce((m, t) => Math.max(m, t.round), 0) + 1;
  await tx.insert(orderTickets).values(
    groups.map(({ station, lineIndexes }) => ({
      orderId,
      venueId: order.venueId,
      station: station.id,
      stationName: station.name,
      printer: station.printer ?? null,
      width: station.width ?? 80,
      language: station.language ?? 'en',
      round,
      itemIds: lineIndexes.map((i) => items[i]!.id),
      nextAttemptAt: station.printer ? sql`now()` : null,
      // Per row, in the stations' order: the lists read them back by creation, and now() is one
      // instant for the whole statement (tickets of one order tied, read back in any order).
      createdAt: sql`clock_timestamp()`,
    })),
  );
  return groups.length;
}

/** The ticket's order changed for the board (its tickets): bump the order's cursor. */
async function touchOrder(q: Db, orderId: string): Promise<void> {
  await q
    .update(orders)
    .set({ updatedAt: sql`clock_timestamp()` })
    .where(eq(orders.id, orderId));
}

/**
 * Claims the ticket due soonest for this process: a lease of `leaseMs`, one more attempt. A ticket
 * another process holds (row locked, or its lease running) is skipped, so each is sent by one
 * process at a time.
 */
export async function claimDueTicket(db: Db, claimer: string, leaseMs: number): Promise<TicketRow | undefined> {
  const result = (await db.execute(sql`
    update ${orderTickets} set claimed_until = now() + make_interval(secs => ${leaseMs / 1000}::float8),
      claimed_by = ${claimer}, attempts = attempts + 1
    where id = (
      select id from ${orderTickets}
      where status <> 'printed' and printer is not null and next_attempt_at <= now()
        and (claimed_until is null or claimed_until < now())
      order by next_attempt_at limit 1
      for update skip locked
    )
    returning id
  `)) as unknown as { rows: { id: string }[] };
  const id = result.rows[0]?.id;
  if (!id) return undefined;
  const [row] = await db.select().from(orderTickets).where(eq(orderTickets.id, id));
  return row;
}

/** The claim's send succeeded: printed, once (only the claimer may say so). */
export async function markTicketPrinted(db: Db, id: string, claimer: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(orderTickets)
      .set({ status: 'printed', printedAt: sql`now()`, claimedUntil: null, lastError: null, nextAttemptAt: null })
      .where(and(eq(orderTickets.id, id), eq(orderTickets.claimedBy, claimer)))
      .returning({ orderId: orderTickets.orderId });
    if (row) await touchOrder(tx, row.orderId);
    return !!row;
  });
}

/** The printer did not take it: failed for the board, tried again after `retryInMs` (null: no more). */
export async function markTicketFailed(
  db: Db,
  id: string,
  claimer: string,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(orderTickets)
      .set({
        status: 'failed',
        lastError: error.slice(0, 200),
        claimedUntil: null,
        nextAttemptAt: retryInMs === null ? null : sql`now() + make_interval(secs => ${retryInMs / 1000}::float8)`,
      })
      .where(and(eq(orderTickets.id, id), eq(orderTickets.claimedBy, claimer)))
      .returning({ orderId: orderTickets.orderId });
    if (row) await touchOrder(tx, row.orderId);
  });
}

/** Puts an order's tickets (or one station's) back to be printed again, marked as a reprint. */
export async function requeueTickets(db: Db, orderId: string, station: string | undefined): Promise<TicketRow[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(orderTickets)
      .set({
        status: 'pending',
        reprint: true,
        attempts: 0,
        lastError: null,
        claimedUntil: null,
        claimedBy: null,
        printedAt: null,
        nextAttemptAt: sql`case when ${orderTickets.printer} is null then null else now() end`,
      })
      .where(
        and(eq(orderTickets.orderId, orderId), station === undefined ? undefined : eq(orderTickets.station, station)),
      )
      .returning();
    if (rows.length) await touchOrder(tx, orderId);
    return rows;
  });
}

export async function listTickets(q: Db, orderIds: string[]): Promise<TicketRow[]> {
  if (!orderIds.length) return [];
  return q
    .select()
    .from(orderTickets)
    .where(inArray(orderTickets.orderId, orderIds))
    .orderBy(asc(orderTickets.orderId), asc(orderTickets.round), asc(orderTickets.createdAt));
}

/** The tickets of the venue's orders still on the board (placed to ready, out for delivery, served today). */
export async function listOpenTickets(q: Db, venueId: string): Promise<TicketRow[]> {
  return q
    .select({ t: orderTickets })
    .from(orderTickets)
    .innerJoin(orders, eq(orders.id, orderTickets.orderId))
    .where(
      and(
        eq(orderTickets.venueId, venueId),
        sql`(${orders.status} in ('placed','accepted','preparing','ready','out_for_delivery') or ${orders.dateCreated} > now() - interval '12 hours')`,
      ),
    )
    .orderBy(asc(orderTickets.createdAt))
    .then((rows) => rows.map((r) => r.t));
}

/** One station's ticket rows of an order (every round), oldest first. */
export async function findStationTickets(q: Db, orderId: string, station: string): Promise<TicketRow[]> {
  return q
    .select()
    .from(orderTickets)
    .where(and(eq(orderTickets.orderId, orderId), eq(orderTickets.station, station)))
    .orderBy(asc(orderTickets.round));
}

/** The board's view of a ticket. Several rounds of a station show as one entry per round. */
export function toOrderTicket(row: TicketRow): OrderTicket {
  return {
    station: row.station,
    stationName: row.stationName,
    round: row.round,
    status: row.status as TicketStatus,
    attempts: row.attempts,
    networked: row.printer !== null,
    printedAt: row.printedAt?.toISOString() ?? null,
    lastError: row.status === 'printed' ? null : row.lastError,
    nextAttemptAt: row.status === 'printed' ? null : (row.nextAttemptAt?.toISOString() ?? null),
  };
}

export type { Station };
