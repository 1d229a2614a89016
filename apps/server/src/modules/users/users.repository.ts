import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staffInvitations, users, venueStaff, venues } from '../../db/schema.ts';

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

/** Inserts a user only if the e-mail is new; undefined when it already exists. */
export async function insertUserIfNew(q: Db, email: string, passwordHash: string) {
  const [row] = await q
    .insert(users)
    .values({ email, passwordHash })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
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

/** Records (or renews, with a new role) an invitation; nothing when the person already works there. */
export async function upsertInvitation(
  q: Db,
  row: { userId: string; venueId: string; role: StaffRole; invitedBy: string | null },
): Promise<void> {
  await q
    .insert(staffInvitations)
    .values(row)
    .onConflictDoUpdate({
      target: [staffInvitations.userId, staffInvitations.venueId],
      set: { role: row.role, invitedBy: row.invitedBy, createdAt: sql`now()` },
    });
}

/** The invitations waiting for a user's answer, newest first, with the venue's name. */
export async function findInvitationsOf(q: Db, userId: string) {
  return q
    .select({
      venueId: staffInvitations.venueId,
      venueName: venues.name,
      venueUrl: venues.venueUrl,
      role: staffInvitations.role,
      invitedAt: staffInvitations.createdAt,
    })
    .from(staffInvitations)
    .innerJoin(venues, eq(venues.id, staffInvitations.venueId))
    .where(eq(staffInvitations.userId, userId))
    .orderBy(sql`${staffInvitations.createdAt} desc`);
}

/** Deletes a user's invitation to a venue and returns it; undefined when there was none. */
export async function takeInvitation(q: Db, userId: string, venueId: string) {
  const [row] = await q
    .delete(staffInvitations)
    .where(and(eq(staffInvitations.userId, userId), eq(staffInvitations.venueId, venueId)))
    .returning();
  return row;
}
