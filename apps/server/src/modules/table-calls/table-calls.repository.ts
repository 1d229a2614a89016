import type { CallKind, CallStatus, TableCall } from '@carte/domain';
import { and, asc, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tableCalls, venues } from '../../db/schema.ts';

export type CallRow = typeof tableCalls.$inferSelect;

export function toTableCall(row: CallRow): TableCall {
  return {
    id: row.id,
    venueId: row.venueId,
    spot: row.spot,
    kind: row.kind as CallKind,
    status: row.status as CallStatus,
    created_at: row.createdAt.toISOString(),
    acknowledged_at: row.acknowledgedAt?.toISOString() ?? null,
  };
}

export async function findVenueForCall(q: Db, venueUrl: string) {
  const [row] = await q
    .select({ id: venues.id, spots: venues.spots })
    .from(venues)
    .where(eq(venues.venueUrl, venueUrl))
    .limit(1);
  return row;
}

/** Calls of a table since a time (the per-table limit). */
export async function countCallsSince(q: Db, venueId: string, spot: string, since: Date): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(tableCalls)
    .where(and(eq(tableCalls.venueId, venueId), eq(tableCalls.spot, spot), gt(tableCalls.createdAt, since)));
  return Number(row?.n ?? 0);
}

/**
 * Opens a call, unless the table has one open: the partial unique index decides between processes,
 * so two guests of one table calling at once make one call. Undefined when one is open already.
 */
export async function insertCall(q: Db, venueId: string, spot: string, kind: CallKind): Promise<CallRow | undefined> {
  const result = (await q.execute(sql`
    insert into ${tableCalls} (venue_id, spot, kind) values (${venueId}::uuid, ${spot}, ${kind})
    on conflict (venue_id, spot) where status <> 'done' do nothing
    returning id
  `)) as unknown as { rows: { id: string }[] };
  const id = result.rows[0]?.id;
  return id ? findCall(q, id) : undefined;
}

export async function findCall(q: Db, id: string): Promise<CallRow | undefined> {
  const [row] = await q.select().from(tableCalls).where(eq(tableCalls.id, id)).limit(1);
  return row;
}

/** Moves a call on (open -> acknowledged -> done); a call already done stays done. */
export async function updateCall(q: Db, id: string, status: 'acknowledged' | 'done', byUserId: string) {
  const [row] = await q
    .update(tableCalls)
    .set(
      status === 'acknowledged'
        ? {
            status: sql`case when ${tableCalls.status} = 'open' then 'acknowledged' else ${tableCalls.status} end`,
            acknowledgedAt: sql`coalesce(${tableCalls.acknowledgedAt}, now())`,
            acknowledgedBy: sql`coalesce(${tableCalls.acknowledgedBy}, ${byUserId}::uuid)`,
          }
        : { status: 'done', doneAt: sql`coalesce(${tableCalls.doneAt}, now())` },
    )
    .where(and(eq(tableCalls.id, id), ne(tableCalls.status, 'done')))
    .returning();
  return row;
}

export async function listOpenCalls(q: Db, venueId: string): Promise<CallRow[]> {
  return q
    .select()
    .from(tableCalls)
    .where(and(eq(tableCalls.venueId, venueId), ne(tableCalls.status, 'done')))
    .orderBy(asc(tableCalls.createdAt));
}
