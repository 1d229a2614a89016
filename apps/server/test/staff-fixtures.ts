import type { AuthTokenRecord } from '@carte/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { users, venueStaff } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/users/users.service.ts';
import { insertVenue } from './factories.ts';

/**
 * The four callers of the authorisation matrix: nobody, a manager of another venue, a manager and
 * an owner of venue A. Venue B belongs to the other manager. Tokens are json-mode bearer tokens.
 */
export const PERSONAS = ['none', 'otherManager', 'manager', 'owner'] as const;
export type Persona = (typeof PERSONAS)[number];
export type SignedInPersona = Exclude<Persona, 'none'>;

export interface StaffAccount {
  id: string;
  email: string;
  password: string;
}

export interface StaffFixture {
  venueA: { id: string; venueUrl: string };
  venueB: { id: string; venueUrl: string };
  accounts: Record<SignedInPersona, StaffAccount>;
  tokens: Record<SignedInPersona, AuthTokenRecord>;
  /** `{authorization: 'Bearer …'}` for a persona, `{}` for none. */
  headers(persona: Persona): Record<string, string>;
}

let addressSeq = 0;
/** A distinct client address per sign-in, so tests never meet the login route's rate limit. */
export function nextTestAddress(): string {
  addressSeq += 1;
  return `10.${(addressSeq >> 16) & 255}.${(addressSeq >> 8) & 255}.${addressSeq & 255}`;
}

/** Creates a user with that password (hashed as the app does) and optional venue roles. */
export async function insertStaffUser(
  db: Db,
  opts: {
    email: string;
    password: string;
    roles?: { venueId: string; role: 'owner' | 'manager' }[];
    firstName?: string;
  },
): Promise<StaffAccount> {
  const [row] = await db
    .insert(users)
    .values({ email: opts.email, passwordHash: await hashPassword(opts.password), firstName: opts.firstName ?? null })
    .returning();
  for (const r of opts.roles ?? [])
    await db.insert(venueStaff).values({ userId: row!.id, venueId: r.venueId, role: r.role });
  return { id: row!.id, email: opts.email, password: opts.password };
}

/** POST /api/auth/login in json mode; throws with the answer when it is not 200. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  otp?: string,
): Promise<AuthTokenRecord> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, mode: 'json', ...(otp ? { otp } : {}) },
    remoteAddress: nextTestAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: AuthTokenRecord }).data;
}

export async function createStaffFixture(app: FastifyInstance, db: Db, prefix = 'matrix'): Promise<StaffFixture> {
  const { venue: a } = await insertVenue(db, { venueUrl: `${prefix}-venue-a`, name: 'Venue A' });
  const { venue: b } = await insertVenue(db, { venueUrl: `${prefix}-venue-b`, name: 'Venue B' });
  const password = 'a long staff password';
  const [owner, manager, otherManager] = await Promise.all([
    insertStaffUser(db, { email: `${prefix}-owner@example.com`, password, roles: [{ venueId: a.id, role: 'owner' }] }),
    insertStaffUser(db, {
      email: `${prefix}-manager@example.com`,
      password,
      roles: [{ venueId: a.id, role: 'manager' }],
    }),
    insertStaffUser(db, {
      email: `${prefix}-other@example.com`,
      password,
      roles: [{ venueId: b.id, role: 'manager' }],
    }),
  ]);
  const accounts = { owner: owner!, manager: manager!, otherManager: otherManager! };
  const tokens = {
    owner: await signIn(app, owner!.email, password),
    manager: await signIn(app, manager!.email, password),
    otherManager: await signIn(app, otherManager!.email, password),
  };
  return {
    venueA: { id: a.id, venueUrl: a.venueUrl },
    venueB: { id: b.id, venueUrl: b.venueUrl },
    accounts,
    tokens,
    headers: (persona): Record<string, string> =>
      persona === 'none' ? {} : { authorization: `Bearer ${tokens[persona].access_token}` },
  };
}
