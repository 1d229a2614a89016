import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../../db/client.ts';
import { products, users, venueStaff, venues } from '../../db/schema.ts';
import { createMemoryStorage } from '../../providers/storage/local-disk.ts';
import { createTestDatabase, dbKinds, type TestDatabase } from '../../../test/test-db.ts';
import { casaVerde, writeFixtureImages } from '../../../test/venue-fixtures.ts';
import { verifyPassword } from '../users/users.service.ts';
import { DEMO_OWNER, DEMO_VENUES_DIR, demoSeedDecision, seedDemoIfEmpty } from './seed.ts';
import { parseEnv } from '../../env.ts';

const silent = { info: () => {}, warn: () => {} };
const venueCount = async (db: Db) => Number((await db.select({ n: count() }).from(venues))[0]!.n);

/** A seed folder with two small venues in two currencies. */
async function seedDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'carte-seed-'));
  await writeFixtureImages(dir);
  const thai = casaVerde({ venueUrl: 'baan-test' });
  thai.venue.currency = 'thb';
  await writeFile(path.join(dir, 'a.json'), JSON.stringify(casaVerde({ venueUrl: 'casa-test' })));
  await writeFile(path.join(dir, 'b.json'), JSON.stringify(thai));
  await writeFile(path.join(dir, 'notes.txt'), 'not a venue');
  return dir;
}

describe.each(dbKinds)('seedDemoIfEmpty on %s', (kind) => {
  let database: TestDatabase;
  let other: Database | undefined;
  let dir: string;
  let badDir: string;
  const storage = createMemoryStorage();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // A second, independent connection pool: what a second server process would have.
    if (kind === 'postgres') other = await openDatabase({ databaseUrl: database.url, migrate: false, poolSize: 2 });
    dir = await seedDir();
    badDir = await mkdtemp(path.join(tmpdir(), 'carte-seed-bad-'));
    await writeFixtureImages(badDir);
    await writeFile(path.join(badDir, 'a.json'), JSON.stringify(casaVerde({ venueUrl: 'good' })));
    await writeFile(
      path.join(badDir, 'b.json'),
      JSON.stringify({ venue: { venueUrl: 'Bad Url', name: 'x', currency: 'eur' } }),
    );
  });
  afterAll(async () => {
    await other?.close();
    await database?.close();
    await rm(dir, { recursive: true, force: true });
    await rm(badDir, { recursive: true, force: true });
  });

  it('a bad seed file fails with its name and path, and seeds nothing', async () => {
    await expect(seedDemoIfEmpty({ db: database.db, storage, log: silent }, { dir: badDir })).rejects.toThrow(
      /b\.json is not valid: venue\.venueUrl: must be lower-case/,
    );
    expect(await venueCount(database.db)).toBe(0);
  });

  it('an empty folder seeds nothing', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'carte-seed-empty-'));
    try {
      expect(await seedDemoIfEmpty({ db: database.db, storage, log: silent }, { dir: empty })).toBe(false);
      expect(await venueCount(database.db)).toBe(0);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('seeds an empty database once, even when two processes start together', async () => {
    const second = other?.db ?? database.db;
    const results = await Promise.all([
      seedDemoIfEmpty({ db: database.db, storage, log: silent }, { dir }),
      seedDemoIfEmpty({ db: second, storage, log: silent }, { dir }),
    ]);
    expect(results.sort()).toEqual([false, true]);
    const rows = await database.db.select().from(venues).orderBy(venues.venueUrl);
    expect(rows.map((v) => [v.venueUrl, v.currency])).toEqual([
      ['baan-test', 'thb'],
      ['casa-test', 'eur'],
    ]);
    const [owner] = await database.db.select().from(users).where(eq(users.email, DEMO_OWNER.email));
    expect(await verifyPassword('carte-demo', owner!.passwordHash)).toBe(true);
    const staff = await database.db.select().from(venueStaff).where(eq(venueStaff.userId, owner!.id));
    expect(staff.map((s) => s.role)).toEqual(['owner', 'owner']);
    expect(new Set(staff.map((s) => s.venueId))).toEqual(new Set(rows.map((v) => v.id)));
  });

  it('does nothing when the database already has venues', async () => {
    const before = Number((await database.db.select({ n: count() }).from(products))[0]!.n);
    expect(await seedDemoIfEmpty({ db: database.db, storage, log: silent }, { dir })).toBe(false);
    expect(await venueCount(database.db)).toBe(2);
    expect(Number((await database.db.select({ n: count() }).from(products))[0]!.n)).toBe(before);
  });
});

describe.skipIf(!existsSync(DEMO_VENUES_DIR))('the shipped demo venues', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => database?.close());

  it('seed into an empty database, every venue owned by the demo owner', async () => {
    const lines: string[] = [];
    const seeded = await seedDemoIfEmpty({
      db: database.db,
      storage: createMemoryStorage(),
      log: { info: (m) => lines.push(m), warn: (m) => lines.push(m) },
    });
    expect(seeded).toBe(true);
    const rows = await database.db.select().from(venues);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const staff = await database.db
      .select({ venueId: venueStaff.venueId, role: venueStaff.role })
      .from(venueStaff)
      .innerJoin(users, eq(users.id, venueStaff.userId))
      .where(eq(users.email, DEMO_OWNER.email));
    expect(staff).toHaveLength(rows.length);
    expect(lines.some((l) => l.includes(DEMO_OWNER.email))).toBe(true);
  });
});

describe('whether a starting server seeds the demo (demoSeedDecision)', () => {
  it.each<[Record<string, string>, boolean]>([
    [{}, true],
    [{ PUBLIC_URL: 'http://192.168.1.20:3000' }, true],
    [{ PUBLIC_URL: 'https://menu.example.com' }, false],
    [{ PUBLIC_URL: 'https://menu.example.com', SEED_DEMO: '' }, false],
    [{ PUBLIC_URL: 'https://menu.example.com', SEED_DEMO: 'true' }, true],
    [{ PUBLIC_URL: 'https://menu.example.com', SEED_DEMO: 'yes' }, true],
    [{ PUBLIC_URL: 'http://localhost:3000', SEED_DEMO: 'false' }, false],
  ])('seeds the demo with %j: %s', (vars, seed) => {
    const decision = demoSeedDecision(parseEnv(vars));
    expect(decision.seed).toBe(seed);
    if (!seed) expect(decision.reason).toMatch(/SEED_DEMO/);
  });
});
