import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, venueStaff } from '../../db/schema.ts';

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
