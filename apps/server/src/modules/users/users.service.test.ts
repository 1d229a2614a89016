import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '@carte/domain';
import { users, venueStaff, venues } from '../../db/schema.ts';
import { createTestDatabase, dbKinds, type TestDatabase } from '../../../test/test-db.ts';
import {
  createStaffUser,
  hashPassword,
  normaliseEmail,
  verifyPassword,
  verifyPasswordOfNobody,
} from './users.service.ts';

describe('password hashing', () => {
  it('writes scrypt$N$r$p$salt$hash with a 16-byte salt, different every time', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(a.split('$')[4]!, 'base64')).toHaveLength(16);
    expect(a).not.toBe(b);
  });

  it.each([
    ['the same password', 'correct horse', true],
    ['another password', 'correct horsf', false],
    ['a different case', 'Correct horse', false],
    ['an empty password', '', false],
    ['the password with a trailing space', 'correct horse ', false],
  ])('verify with %s', async (_, attempt, ok) => {
    const stored = await hashPassword('correct horse');
    expect(await verifyPassword(attempt, stored)).toBe(ok);
  });

  it.each([
    ['empty', ''],
    ['another algorithm', 'argon2id$v=19$m=65536$abc$def'],
    ['missing parts', 'scrypt$16384$8$1$c2FsdA=='],
    ['N not a power of two', 'scrypt$1000$8$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA=='],
    ['N too large', `scrypt$${2 ** 24}$8$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA==`],
    ['a short hash', 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0$aGFzaA=='],
  ])('a malformed stored hash (%s) verifies as false', async (_, stored) => {
    expect(await verifyPassword('anything', stored)).toBe(false);
  });

  it('verifies a hash made with other valid parameters', async () => {
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.from('0123456789abcdef');
    const key = scryptSync('pw-1234567', salt, 64, { N: 1024, r: 8, p: 1 });
    const stored = `scrypt$1024$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
    expect(await verifyPassword('pw-1234567', stored)).toBe(true);
    expect(await verifyPassword('pw-1234568', stored)).toBe(false);
  });

  it('an unknown account verifies as false after the same scrypt work', async () => {
    expect(await verifyPasswordOfNobody('anything')).toBe(false);
    const stored = await hashPassword('x');
    const t0 = performance.now();
    await verifyPassword('y', stored);
    const real = performance.now() - t0;
    const t1 = performance.now();
    await verifyPasswordOfNobody('y');
    const nobody = performance.now() - t1;
    // Same work, same order of magnitude (loose bounds: the machine is shared).
    expect(nobody).toBeGreaterThan(real / 20);
  });

  it('normalises e-mail to trimmed lower case', () => {
    expect(normaliseEmail('  Owner@Carte.DEMO ')).toBe('owner@carte.demo');
  });
});

describe.each(dbKinds)('createStaffUser on %s', (kind) => {
  let database: TestDatabase;
  let venueId: string;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const [v] = await database.db
      .insert(venues)
      .values({ venueUrl: 'casa-verde', name: 'Casa Verde', currency: 'eur' })
      .returning();
    venueId = v!.id;
    await database.db.insert(venues).values({ venueUrl: 'other', name: 'Other', currency: 'usd' });
  });
  afterAll(async () => database?.close());

  const staffOf = (userId: string) =>
    database.db
      .select({ venueUrl: venues.venueUrl, role: venueStaff.role })
      .from(venueStaff)
      .innerJoin(venues, eq(venues.id, venueStaff.venueId))
      .where(eq(venueStaff.userId, userId))
      .orderBy(venues.venueUrl);

  it('creates the user with a lower-case e-mail, then updates the password and role instead of duplicating', async () => {
    const db = database.db;
    const first = await createStaffUser(
      { db },
      { email: ' Anna@Example.COM', password: 'first-pass', venueUrl: 'casa-verde', role: 'manager' },
    );
    expect(first).toMatchObject({ email: 'anna@example.com', venueId, created: true });
    const [row] = await db.select().from(users).where(eq(users.id, first.userId));
    expect(row!.email).toBe('anna@example.com');
    expect(await verifyPassword('first-pass', row!.passwordHash)).toBe(true);
    expect(await staffOf(first.userId)).toEqual([{ venueUrl: 'casa-verde', role: 'manager' }]);

    const second = await createStaffUser(
      { db },
      { email: 'anna@example.com', password: 'second-pass', venueUrl: 'casa-verde', role: 'owner' },
    );
    expect(second).toMatchObject({ userId: first.userId, created: false });
    const [updated] = await db.select().from(users).where(eq(users.id, first.userId));
    expect(await verifyPassword('first-pass', updated!.passwordHash)).toBe(false);
    expect(await verifyPassword('second-pass', updated!.passwordHash)).toBe(true);
    expect(await staffOf(first.userId)).toEqual([{ venueUrl: 'casa-verde', role: 'owner' }]);

    await createStaffUser(
      { db },
      { email: 'ANNA@example.com', password: 'second-pass', venueUrl: 'other', role: 'manager' },
    );
    expect(await staffOf(first.userId)).toEqual([
      { venueUrl: 'casa-verde', role: 'owner' },
      { venueUrl: 'other', role: 'manager' },
    ]);
    expect(await db.select().from(users).where(eq(users.email, 'anna@example.com'))).toHaveLength(1);
  });

  it.each([
    [
      'a short password',
      { email: 'b@example.com', password: 'seven77', venueUrl: 'casa-verde' },
      'VALIDATION',
      'password',
    ],
    ['a bad e-mail', { email: 'not-an-email', password: 'long-enough', venueUrl: 'casa-verde' }, 'VALIDATION', 'email'],
    [
      'an unknown venue',
      { email: 'c@example.com', password: 'long-enough', venueUrl: 'nowhere' },
      'VENUE_NOT_FOUND',
      undefined,
    ],
  ])('refuses %s and writes nothing', async (_, input, code, field) => {
    const e = await createStaffUser({ db: database.db }, { ...input, role: 'owner' }).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(DomainError);
    expect((e as DomainError).code).toBe(code);
    if (field) expect((e as DomainError).issues?.map((i) => i.path)).toEqual([field]);
    expect(await database.db.select().from(users).where(eq(users.email, input.email.toLowerCase()))).toEqual([]);
  });
});
