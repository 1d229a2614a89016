import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { DomainError, zodFieldIssues, type FieldIssue } from '@carte/domain';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { findVenueByUrl } from '../venues/venues.service.ts';
import { findUserByEmail, linkStaff, upsertUserRow, type StaffRole } from './users.repository.ts';

export type { StaffRole } from './users.repository.ts';
/** Writing a user and linking it to a venue, for the demo seed. */
export { linkStaff, upsertUserRow } from './users.repository.ts';
export const STAFF_ROLES = ['owner', 'manager'] as const satisfies readonly StaffRole[];
export const MIN_PASSWORD_LENGTH = 8;
/** Longer inputs are refused so hashing cannot be used to burn CPU. */
export const MAX_PASSWORD_LENGTH = 1024;

const SCRYPT = { N: 16384, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;

function derive(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$16384$8$1$<salt base64>$<hash base64>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * True when `password` matches a hash made by hashPassword. Compares in constant time; a malformed
 * hash or absurd parameters give false, never an exception.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (
    ![N, r, p].every(Number.isSafeInteger) ||
    N < 2 ||
    N > 2 ** 20 ||
    (N & (N - 1)) !== 0 ||
    r < 1 ||
    r > 32 ||
    p < 1 ||
    p > 16
  ) {
    return false;
  }
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  if (salt.length === 0 || expected.length < 16 || expected.length > 128) return false;
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  try {
    const actual = await derive(password, salt, expected.length, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 });
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * For a login with an unknown e-mail: spends the same scrypt work as verifyPassword and returns
 * false, so the answer time does not tell which e-mails have an account.
 */
export async function verifyPasswordOfNobody(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(12).toString('base64'));
  await verifyPassword(password, await dummyHash);
  return false;
}

/** The account with that (normalised) e-mail, for sign-in. */
export async function findUserForSignIn(db: Db, email: string) {
  return findUserByEmail(db, normaliseEmail(email));
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

const credentialsSchema = z.object({
  email: z
    .string()
    .transform(normaliseEmail)
    .pipe(z.email({ error: 'must be an e-mail address' })),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, { error: `must be at least ${MIN_PASSWORD_LENGTH} characters` })
    .max(MAX_PASSWORD_LENGTH, { error: `must be at most ${MAX_PASSWORD_LENGTH} characters` }),
});

/** Normalises and checks an e-mail and password; throws VALIDATION with the field problems. */
export function checkCredentials(input: { email: string; password: string }): { email: string; password: string } {
  const parsed = credentialsSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues: FieldIssue[] = zodFieldIssues(parsed.error);
  throw new DomainError('VALIDATION', { issues, message: issues.map((i) => `${i.path}: ${i.message}`).join('; ') });
}

export interface CreateStaffUserInput {
  email: string;
  password: string;
  venueUrl: string;
  role: StaffRole;
}

/**
 * Creates a staff user, or sets the password of the user with that e-mail, and makes them owner or
 * manager of the venue (one role per venue: a second call changes it). Unknown venue: VENUE_NOT_FOUND.
 */
export async function createStaffUser(
  deps: { db: Db },
  input: CreateStaffUserInput,
): Promise<{ userId: string; venueId: string; email: string; created: boolean }> {
  const { email, password } = checkCredentials(input);
  if (!(STAFF_ROLES as readonly string[]).includes(input.role)) {
    throw new DomainError('VALIDATION', {
      issues: [{ path: 'role', code: 'invalid_value', params: { values: ['owner', 'manager'] }, message: 'must be owner or manager' }],
      message: 'role: must be owner or manager',
    });
  }
  const passwordHash = await hashPassword(password);
  return deps.db.transaction(async (tx) => {
    const venue = await findVenueByUrl(tx, input.venueUrl);
    if (!venue) throw new DomainError('VENUE_NOT_FOUND', { message: `Venue not found: ${input.venueUrl}` });
    const user = await upsertUserRow(tx, email, passwordHash);
    await linkStaff(tx, user.id, venue.id, input.role);
    return { userId: user.id, venueId: venue.id, email, created: user.created };
  });
}
