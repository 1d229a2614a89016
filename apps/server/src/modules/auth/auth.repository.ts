import { and, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginAttempts, refreshTokens, sessions, staffInvites, users, venueStaff, venues } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(q: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await q.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertAccessToken(
  q: Db,
  row: { id: string; userId: string; familyId: string; expiresAt: Date },
): Promise<void> {
  await q.insert(sessions).values(row);
}

export async function insertRefreshToken(
  q: Db,
  row: { id: string; userId: string; familyId: string; expiresAt: Date },
): Promise<void> {
  await q.insert(refreshTokens).values(row);
}

/** The user and family of an access token that has not expired at `now`. */
export async function findAccessToken(q: Db, hash: string, now: Date) {
  const [row] = await q
    .select({ user: users, familyId: sessions.familyId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, hash), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

export async function findRefreshToken(q: Db, hash: string) {
  const [row] = await q.select().from(refreshTokens).where(eq(refreshTokens.id, hash)).limit(1);
  return row;
}

/**
 * Marks a live refresh token used, in one statement so two concurrent refreshes cannot both win;
 * undefined when the token is unknown, used, revoked or expired.
 */
export async function consumeRefreshToken(q: Db, hash: string, now: Date) {
  const [row] = await q
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(refreshTokens.id, hash),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Ends a sign-in: its refresh tokens are revoked and its access tokens deleted. */
export async function revokeFamily(q: Db, familyId: string, now: Date): Promise<void> {
  await q
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  await q.delete(sessions).where(eq(sessions.familyId, familyId));
}

/** Sets a new password hash and ends every other sign-in of the user. */
export async function replacePassword(q: Db, userId: string, passwordHash: string, keepFamily: string, now: Date) {
  await q.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(
        and(eq(refreshTokens.userId, userId), ne(refreshTokens.familyId, keepFamily), isNull(refreshTokens.revokedAt)),
      );
    await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.familyId, keepFamily)));
  });
}

/** Drops tokens that expired more than a day ago (run now and then, on sign-in). */
export async function deleteExpiredTokens(q: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await q.delete(sessions).where(lt(sessions.expiresAt, before));
  await q.delete(refreshTokens).where(lt(refreshTokens.expiresAt, before));
}

// Login attempts --------------------------------------------------------------------------------

export async function findLocks(q: Db, keys: string[], now: Date) {
  return q
    .select({ key: loginAttempts.key, lockedUntil: loginAttempts.lockedUntil })
    .from(loginAttempts)
    .where(and(inArray(loginAttempts.key, keys), gt(loginAttempts.lockedUntil, now)));
}

/**
 * Counts one failure for `key` in one atomic statement: a failure after the window started anew
 * counts 1; reaching `max` locks the key until now + lockMs.
 */
export async function recordFailure(
  q: Db,
  key: string,
  now: Date,
  policy: { windowMs: number; max: number; lockMs: number },
): Promise<{ failures: number; lockedUntil: Date | null }> {
  const windowFloor = new Date(now.getTime() - policy.windowMs);
  const lockUntil = new Date(now.getTime() + policy.lockMs);
  const fresh = sql`${loginAttempts.windowStart} < ${windowFloor.toISOString()}::timestamptz`;
  const next = sql`case when ${fresh} then 1 else ${loginAttempts.failures} + 1 end`;
  const [row] = await q
    .insert(loginAttempts)
    .values({ key, failures: 1, windowStart: now, lockedUntil: policy.max <= 1 ? lockUntil : null })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: next,
        windowStart: sql`case when ${fresh} then ${now.toISOString()}::timestamptz else ${loginAttempts.windowStart} end`,
        lockedUntil: sql`case when ${next} >= ${policy.max} then ${lockUntil.toISOString()}::timestamptz else ${loginAttempts.lockedUntil} end`,
      },
    })
    .returning({ failures: loginAttempts.failures, lockedUntil: loginAttempts.lockedUntil });
  return row!;
}

export async function clearFailures(q: Db, key: string): Promise<void> {
  await q.delete(loginAttempts).where(eq(loginAttempts.key, key));
}

// TOTP ------------------------------------------------------------------------------------------

export async function setPendingTotpSecret(q: Db, userId: string, secret: string): Promise<void> {
  await q.update(users).set({ totpSecret: secret, totpEnabled: false, totpLastStep: null }).where(eq(users.id, userId));
}

/**
 * Records `step` as the last used one, only if it is later than the stored one: two requests with
 * the same code cannot both succeed.
 */
export async function useTotpStep(q: Db, userId: string, step: number): Promise<boolean> {
  const rows = await q
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function setTotpEnabled(q: Db, userId: string, enabled: boolean): Promise<void> {
  await q
    .update(users)
    .set(enabled ? { totpEnabled: true } : { totpEnabled: false, totpSecret: null })
    .where(eq(users.id, userId));
}

// Venues of a user ------------------------------------------------------------------------------

export async function findStaffVenues(q: Db, userId: string) {
  return q
    .select({ id: venues.id, venueUrl: venues.venueUrl, name: venues.name, role: venueStaff.role })
    .from(venueStaff)
    .innerJoin(venues, eq(venues.id, venueStaff.venueId))
    .where(eq(venueStaff.userId, userId))
    .orderBy(venues.name, venues.id);
}

/**
 * Whether a staff stream may go on: its sign-in still has a live refresh token (not revoked, not
 * expired) and its user still owns or manages the venue.
 */
export async function isStaffGrantLive(
  q: Db,
  grant: { userId: string; familyId: string; venueId: string },
  now: Date,
): Promise<boolean> {
  const [row] = await q
    .select({ userId: venueStaff.userId })
    .from(venueStaff)
    .where(
      and(
        eq(venueStaff.userId, grant.userId),
        eq(venueStaff.venueId, grant.venueId),
        sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${grant.familyId}
          and ${refreshTokens.userId} = ${grant.userId} and ${refreshTokens.revokedAt} is null
          and ${refreshTokens.expiresAt} > ${now.toISOString()})`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** How many invitations of the user's e-mail wait for their answer (not accepted, not expired). */
export async function countInvitations(q: Db, userId: string, now: Date): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(staffInvites)
    .innerJoin(users, eq(users.email, staffInvites.email))
    .where(and(eq(users.id, userId), isNull(staffInvites.acceptedAt), gt(staffInvites.expiresAt, now)));
  return Number(row?.n ?? 0);
}
