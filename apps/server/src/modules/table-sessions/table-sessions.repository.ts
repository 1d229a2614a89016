import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  billParts,
  orderItems,
  orders,
  tableCartLines,
  tableMembers,
  tableSessions,
  tableTokens,
  venues,
} from '../../db/schema.ts';

export type SessionRow = typeof tableSessions.$inferSelect;
export type MemberRow = typeof tableMembers.$inferSelect;
export type CartLineRow = typeof tableCartLines.$inferSelect;

export async function findVenueByUrlForTable(q: Db, venueUrl: string) {
  const [row] = await q.select().from(venues).where(eq(venues.venueUrl, venueUrl)).limit(1);
  return row;
}

export async function findVenueForTable(q: Db, id: string) {
  const [row] = await q.select().from(venues).where(eq(venues.id, id)).limit(1);
  return row;
}

export async function findTableToken(q: Db, venueId: string, spot: string): Promise<string | undefined> {
  const [row] = await q
    .select({ token: tableTokens.token })
    .from(tableTokens)
    .where(and(eq(tableTokens.venueId, venueId), eq(tableTokens.spot, spot)))
    .limit(1);
  return row?.token;
}

/** The tokens of a venue's tables, creating those missing (`make` gives a new one); keeps existing ones. */
export async function ensureTableTokens(
  q: Db,
  venueId: string,
  spots: readonly string[],
  make: () => string,
): Promise<Map<string, string>> {
  if (spots.length) {
    await q
      .insert(tableTokens)
      .values(spots.map((spot) => ({ venueId, spot, token: make() })))
      .onConflictDoNothing({ target: [tableTokens.venueId, tableTokens.spot] });
  }
  const rows = await q
    .select({ spot: tableTokens.spot, token: tableTokens.token })
    .from(tableTokens)
    .where(eq(tableTokens.venueId, venueId));
  return new Map(rows.map((r) => [r.spot, r.token]));
}

/** Replaces a table's token (a new QR code): the old one joins no more. */
export async function replaceTableToken(q: Db, venueId: string, spot: string, token: string): Promise<void> {
  await q
    .insert(tableTokens)
    .values({ venueId, spot, token })
    .onConflictDoUpdate({
      target: [tableTokens.venueId, tableTokens.spot],
      set: { token, createdAt: sql`now()` },
    });
}

/** The table's open session, or a new one: the partial unique index decides between processes. */
export async function openSession(q: Db, venueId: string, spot: string): Promise<SessionRow> {
  await q.execute(sql`
    insert into ${tableSessions} (venue_id, spot) values (${venueId}::uuid, ${spot})
    on conflict (venue_id, spot) where status = 'open' do nothing
  `);
  const [row] = await q
    .select()
    .from(tableSessions)
    .where(and(eq(tableSessions.venueId, venueId), eq(tableSessions.spot, spot), eq(tableSessions.status, 'open')))
    .limit(1);
  if (!row) throw new Error('the table session was not opened');
  return row;
}

export async function findOpenSession(q: Db, venueId: string, spot: string): Promise<SessionRow | undefined> {
  const [row] = await q
    .select()
    .from(tableSessions)
    .where(and(eq(tableSessions.venueId, venueId), eq(tableSessions.spot, spot), eq(tableSessions.status, 'open')))
    .limit(1);
  return row;
}

/** Locks the session row until the transaction ends and bumps its version (every write does both). */
export async function lockAndBump(tx: Db, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await tx
    .update(tableSessions)
    .set({ version: sql`${tableSessions.version} + 1` })
    .where(eq(tableSessions.id, sessionId))
    .returning();
  return row;
}

export async function findSession(q: Db, id: string): Promise<SessionRow | undefined> {
  const [row] = await q.select().from(tableSessions).where(eq(tableSessions.id, id)).limit(1);
  return row;
}

/** Adds a member named `name`, or "Guest N" (N: the session's member count) when none is given. */
export async function insertMember(
  tx: Db,
  sessionId: string,
  name: string | null,
  secretHash: string,
  guestName: (n: number) => string,
  allergyProfile: MemberRow['allergyProfile'] = null,
): Promise<MemberRow> {
  const [seq] = await tx
    .update(tableSessions)
    .set({ memberSeq: sql`${tableSessions.memberSeq} + 1` })
    .where(eq(tableSessions.id, sessionId))
    .returning({ n: tableSessions.memberSeq });
  const [row] = await tx
    .insert(tableMembers)
    .values({ sessionId, name: name ?? guestName(seq!.n), secretHash, allergyProfile })
    .returning();
  return row!;
}

export async function findMemberBySecretHash(
  q: Db,
  secretHash: string,
): Promise<{ member: MemberRow; session: SessionRow } | undefined> {
  const [row] = await q
    .select({ member: tableMembers, session: tableSessions })
    .from(tableMembers)
    .innerJoin(tableSessions, eq(tableSessions.id, tableMembers.sessionId))
    .where(eq(tableMembers.secretHash, secretHash))
    .limit(1);
  return row;
}

export async function listMembers(q: Db, sessionId: string): Promise<MemberRow[]> {
  return q
    .select()
    .from(tableMembers)
    .where(eq(tableMembers.sessionId, sessionId))
    .orderBy(asc(tableMembers.joinedAt), asc(tableMembers.id));
}

export async function listCartLines(q: Db, sessionId: string): Promise<CartLineRow[]> {
  return q
    .select()
    .from(tableCartLines)
    .where(eq(tableCartLines.sessionId, sessionId))
    .orderBy(asc(tableCartLines.createdAt), asc(tableCartLines.id));
}

export async function insertCartLine(
  tx: Db,
  line: {
    sessionId: string;
    memberId: string;
    productId: string;
    variationIds: string[];
    quantity: number;
    notes: string | null;
  },
): Promise<void> {
  await tx.insert(tableCartLines).values(line);
}

/** Sets a line's quantity (0 deletes it); false when the session has no such line. */
export async function setCartLineQuantity(
  tx: Db,
  sessionId: string,
  lineId: string,
  quantity: number,
): Promise<boolean> {
  const where = and(eq(tableCartLines.id, lineId), eq(tableCartLines.sessionId, sessionId));
  const rows =
    quantity === 0
      ? await tx.delete(tableCartLines).where(where).returning({ id: tableCartLines.id })
      : await tx.update(tableCartLines).set({ quantity }).where(where).returning({ id: tableCartLines.id });
  return rows.length > 0;
}

export async function clearCart(tx: Db, sessionId: string): Promise<void> {
  await tx.delete(tableCartLines).where(eq(tableCartLines.sessionId, sessionId));
}

export async function setSessionOrder(tx: Db, sessionId: string, orderId: string): Promise<void> {
  await tx.update(tableSessions).set({ orderId }).where(eq(tableSessions.id, sessionId));
}

/** Ends the table's open session; its id when there was one. */
export async function closeOpenSession(q: Db, venueId: string, spot: string): Promise<string | undefined> {
  const [row] = await q
    .update(tableSessions)
    .set({ status: 'closed', closedAt: sql`now()`, version: sql`${tableSessions.version} + 1` })
    .where(and(eq(tableSessions.venueId, venueId), eq(tableSessions.spot, spot), eq(tableSessions.status, 'open')))
    .returning({ id: tableSessions.id });
  return row?.id;
}

/** The table's bill order (its state decides whether a round is appended to it). */
export async function findBillOrder(q: Db, orderId: string) {
  const [row] = await q
    .select({
      id: orders.id,
      delivery: orders.delivery,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      totalMinor: orders.totalMinor,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}

export async function setLastRoundKey(tx: Db, sessionId: string, key: string): Promise<void> {
  await tx.update(tableSessions).set({ lastRoundKey: key }).where(eq(tableSessions.id, sessionId));
}

export type BillPartRow = typeof billParts.$inferSelect;

/** The bill's lines in order (their ids are what a split by items claims). */
export async function listBillLines(q: Db, orderId: string) {
  return q
    .select({
      id: orderItems.id,
      name: orderItems.name,
      quantity: orderItems.quantity,
      lineTotalMinor: orderItems.lineTotalMinor,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
}

/** The bill's lines with what the assistant reads of them: the dish, its options and its round. */
export async function listBillItems(q: Db, orderId: string) {
  return q
    .select({
      productId: orderItems.productId,
      name: orderItems.name,
      quantity: orderItems.quantity,
      lineTotalMinor: orderItems.lineTotalMinor,
      variations: orderItems.variations,
      round: orderItems.round,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
}

/** The parts of a bill, oldest first (released ones too: the phones show what happened). */
export async function listBillParts(q: Db, orderId: string): Promise<BillPartRow[]> {
  return q
    .select()
    .from(billParts)
    .where(eq(billParts.orderId, orderId))
    .orderBy(asc(billParts.createdAt), asc(billParts.id));
}

/** Frees the held parts whose payment did not succeed in time; their ids (their intents are cancelled after). */
export async function releaseExpiredParts(tx: Db, orderId: string, now: Date): Promise<string[]> {
  const rows = await tx
    .update(billParts)
    .set({ status: 'released', updatedAt: sql`now()` })
    .where(and(eq(billParts.orderId, orderId), eq(billParts.status, 'held'), lt(billParts.expiresAt, now)))
    .returning({ id: billParts.id });
  return rows.map((r) => r.id);
}

export async function insertBillPart(tx: Db, part: typeof billParts.$inferInsert): Promise<BillPartRow> {
  const [row] = await tx.insert(billParts).values(part).returning();
  return row!;
}

/** Releases held parts (by id) of a session; the ids released. */
export async function releaseParts(tx: Db, sessionId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await tx
    .update(billParts)
    .set({ status: 'released', updatedAt: sql`now()` })
    .where(and(eq(billParts.sessionId, sessionId), inArray(billParts.id, ids), eq(billParts.status, 'held')))
    .returning({ id: billParts.id });
  return rows.map((r) => r.id);
}

export async function findBillPart(q: Db, id: string): Promise<BillPartRow | undefined> {
  const [row] = await q.select().from(billParts).where(eq(billParts.id, id)).limit(1);
  return row;
}

/** A member's allergies and diets, as their phone says now (null: none). */
export async function setMemberAllergyProfile(
  tx: Db,
  memberId: string,
  allergyProfile: MemberRow['allergyProfile'],
): Promise<void> {
  await tx.update(tableMembers).set({ allergyProfile }).where(eq(tableMembers.id, memberId));
}

/**
 * The bill's allergy banner grows with the table's (a round from a guest with a new allergy): the
 * order takes the union, and a banner that changed waits for the staff's acknowledgement again.
 */
export async function widenOrderAllergyProfile(
  tx: Db,
  orderId: string,
  profile: { allergens: string[]; diets: string[] },
): Promise<void> {
  const [row] = await tx
    .select({ allergyProfile: orders.allergyProfile })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  const before = row?.allergyProfile ?? { allergens: [], diets: [] };
  const grows =
    profile.allergens.some((a) => !before.allergens.includes(a)) ||
    profile.diets.some((d) => !before.diets.includes(d));
  if (!grows) return;
  await tx
    .update(orders)
    .set({
      allergyProfile: {
        allergens: [...new Set([...before.allergens, ...profile.allergens])],
        diets: [...new Set([...before.diets, ...profile.diets])],
      },
      allergyAckAt: null,
      allergyAckBy: null,
      updatedAt: sql`clock_timestamp()`,
    })
    .where(eq(orders.id, orderId));
}
