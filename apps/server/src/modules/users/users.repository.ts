import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staffInvites, users, venueStaff, venues } from '../../db/schema.ts';

export type StaffRole = (typeof venueStaff.$inferSelect)['role'];

/** Inserts the user or replaces the password of the user with that (lower-case) e-mail. */
export async function upsertUserRow(
  tx: Db,
  email: string,
  passwordHash: string,
): Promise<{ id: string; created: boolean }> {
  const [row] = await tx
    .insert(users)
    .values({ email, passwordHash })
    .onConflictDoUpdate({ target: users.email, set: { passwordHash } })
    // xmax is 0 only for a row this statement inserted.
    .returning({ id: users.id, created: sql<boolean>`(xmax = 0)` });
  return row!;
}

export async function linkStaff(tx: Db, userId: string, venueId: string, role: StaffRole): Promise<void> {
  await tx
    .insert(venueStaff)
    .values({ userId, venueId, role })
    .onConflictDoUpdate({ target: [venueStaff.userId, venueStaff.venueId], set: { role } });
}

export async function findUserByEmail(q: Db, email: string) {
  const [row] = await q.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** The staff of a venue with their accounts, owners first. */
export async function findVenueStaff(q: Db, venueId: string) {
  return q
    .select({
      id: users.id,
      email: users.email,
      first_name: users.firstName,
      last_name: users.lastName,
      role: venueStaff.role,
    })
    .from(venueStaff)
    .innerJoin(users, eq(users.id, venueStaff.userId))
    .where(eq(venueStaff.venueId, venueId))
    .orderBy(venueStaff.role, users.email);
}

/** Inserts the link only if the user is not yet staff of the venue; false when they were. */
export async function insertStaffLink(q: Db, userId: string, venueId: string, role: StaffRole): Promise<boolean> {
  const rows = await q
    .insert(venueStaff)
    .values({ userId, venueId, role })
    .onConflictDoNothing()
    .returning({ userId: venueStaff.userId });
  return rows.length === 1;
}

/** The staff rows of a venue, locked until the transaction ends (for the last-owner rule). */
export async function lockVenueStaff(q: Db, venueId: string) {
  return q
    .select({ userId: venueStaff.userId, role: venueStaff.role })
    .from(venueStaff)
    .where(eq(venueStaff.venueId, venueId))
    .for('update');
}

export async function deleteStaffLink(q: Db, userId: string, venueId: string): Promise<void> {
  await q.delete(venueStaff).where(and(eq(venueStaff.userId, userId), eq(venueStaff.venueId, venueId)));
}

export type InviteRow = typeof staffInvites.$inferSelect;

/**
 * Records the venue's pending invitation of that e-mail, or renews it (new role, language, token and
 * expiry: the previous link stops working). Returns the row.
 */
export async function upsertInvite(
  q: Db,
  row: Pick<InviteRow, 'venueId' | 'email' | 'role' | 'language' | 'tokenHash' | 'invitedBy' | 'expiresAt'>,
): Promise<InviteRow> {
  const [saved] = await q
    .insert(staffInvites)
    .values(row)
    .onConflictDoUpdate({
      target: [staffInvites.venueId, staffInvites.email],
      targetWhere: sql`accepted_at is null`,
      set: {
        role: row.role,
        language: row.language,
        tokenHash: row.tokenHash,
        invitedBy: row.invitedBy,
        expiresAt: row.expiresAt,
        createdAt: sql`now()`,
      },
    })
    .returning();
  return saved!;
}

/** The venue's invitations not yet accepted (expired ones too: the owner resends or revokes them). */
export async function findPendingInvites(q: Db, venueId: string): Promise<InviteRow[]> {
  return q
    .select()
    .from(staffInvites)
    .where(and(eq(staffInvites.venueId, venueId), isNull(staffInvites.acceptedAt)))
    .orderBy(desc(staffInvites.createdAt));
}

/** One pending invitation of a venue, locked until the transaction ends. */
export async function lockPendingInvite(q: Db, venueId: string, id: string): Promise<InviteRow | undefined> {
  const [row] = await q
    .select()
    .from(staffInvites)
    .where(and(eq(staffInvites.id, id), eq(staffInvites.venueId, venueId), isNull(staffInvites.acceptedAt)))
    .for('update');
  return row;
}

/** Gives a pending invitation a new token and expiry (resend). */
export async function renewInvite(q: Db, id: string, tokenHash: string, expiresAt: Date): Promise<InviteRow> {
  const [row] = await q
    .update(staffInvites)
    .set({ tokenHash, expiresAt, createdAt: sql`now()` })
    .where(eq(staffInvites.id, id))
    .returning();
  return row!;
}

export async function deleteInvite(q: Db, id: string): Promise<void> {
  await q.delete(staffInvites).where(eq(staffInvites.id, id));
}

/** The invitation of a link (by its token's hash), with the venue, locked until the transaction ends. */
export async function lockInviteByToken(q: Db, tokenHash: string) {
  const [row] = await q
    .select({ invite: staffInvites, venueName: venues.name, venueUrl: venues.venueUrl })
    .from(staffInvites)
    .innerJoin(venues, eq(venues.id, staffInvites.venueId))
    .where(eq(staffInvites.tokenHash, tokenHash))
    .for('update', { of: staffInvites });
  return row;
}

/** The invitation of a link (by its token's hash) with the venue's name. */
export async function findInviteByToken(q: Db, tokenHash: string) {
  const [row] = await q
    .select({ invite: staffInvites, venueName: venues.name, venueUrl: venues.venueUrl })
    .from(staffInvites)
    .innerJoin(venues, eq(venues.id, staffInvites.venueId))
    .where(eq(staffInvites.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function markInviteAccepted(q: Db, id: string, userId: string, at: Date): Promise<void> {
  await q.update(staffInvites).set({ acceptedAt: at, acceptedBy: userId }).where(eq(staffInvites.id, id));
}

/** The pending invitations of a user's e-mail that still run, newest first, with the venue's name. */
export async function findInvitationsOf(q: Db, userId: string, at: Date) {
  return q
    .select({
      id: staffInvites.id,
      venueId: staffInvites.venueId,
      venueName: venues.name,
      venueUrl: venues.venueUrl,
      role: staffInvites.role,
      invitedAt: staffInvites.createdAt,
    })
    .from(staffInvites)
    .innerJoin(users, eq(users.email, staffInvites.email))
    .innerJoin(venues, eq(venues.id, staffInvites.venueId))
    .where(and(eq(users.id, userId), isNull(staffInvites.acceptedAt), gt(staffInvites.expiresAt, at)))
    .orderBy(desc(staffInvites.createdAt));
}

/** A user's pending invitation to a venue (expired too), locked until the transaction ends. */
export async function lockInvitationOf(q: Db, userId: string, venueId: string): Promise<InviteRow | undefined> {
  const [row] = await q
    .select({ invite: staffInvites })
    .from(staffInvites)
    .innerJoin(users, eq(users.email, staffInvites.email))
    .where(and(eq(users.id, userId), eq(staffInvites.venueId, venueId), isNull(staffInvites.acceptedAt)))
    .for('update', { of: staffInvites });
  return row?.invite;
}

/** Inserts a new account with its name; undefined when the e-mail already has one. */
export async function insertNamedUser(
  q: Db,
  row: { email: string; passwordHash: string; firstName: string; lastName: string | null },
) {
  const [inserted] = await q.insert(users).values(row).onConflictDoNothing({ target: users.email }).returning();
  return inserted;
}
