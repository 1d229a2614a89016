import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { parseEnv } from '../src/env.ts';
import { createSharedRateLimits } from '../src/http/rate-limit-store.ts';
import { createMemoryStorage } from '../src/providers/storage/local-disk.ts';
import { createOrderingVenue, type OrderingVenue } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { createTestDatabase, dbKinds, type TestDatabase } from './test-db.ts';

/**
 * Per-client limits with several processes on one PostgreSQL (architecture 4.14): two apps, each
 * with its own connection pool as two machines would have, count into one limit; the embedded
 * database keeps counting in its one process's memory.
 */
const onPostgres = dbKinds.includes('postgres');
const rateLimited = { success: false, code: 'RATE_LIMITED', error: 'Too many requests. Please try again later.' };
const countRows = async (database: Database) =>
  Number(
    (
      (await database.db.execute(sql`select count(*)::int as n from rate_limit_hits`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );

describe.skipIf(!onPostgres)('limits shared by two processes on one PostgreSQL', () => {
  let database: TestDatabase;
  let secondPool: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let v: OrderingVenue;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    secondPool = await openDatabase({ databaseUrl: database.url, migrate: false, poolSize: 5 });
    // The limits as shipped (20 orders a minute), a small quote and address limit to keep the test short.
    const env = parseEnv({
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      QUOTE_RATE_LIMIT_PER_MINUTE: '4',
      GEOCODER_RATE_LIMIT_PER_MINUTE: '4',
      DATA_DIR: '/nonexistent-carte-data',
      WEB_DIST: '/nonexistent-carte-web',
    });
    a = await buildApp({ env, database, storage: createMemoryStorage(), logger: false });
    b = await buildApp({ env, database: secondPool, storage: createMemoryStorage(), logger: false });
    v = await createOrderingVenue(database.db);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await secondPool?.close();
    await database?.close();
  });

  const order = (app: FastifyInstance, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/order',
      remoteAddress: ip,
      payload: {
        venueUrl: v.venue.venueUrl,
        venueId: v.venue.id,
        items: [{ productId: v.product.water, variationIds: [], quantity: 1 }],
        spot: '1',
        delivery: false,
      },
    });

  it('refuses the 21st order of a minute from one client whichever process gets it; another client still orders', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await order(i % 2 === 0 ? a : b, '203.0.113.7');
      expect(res.statusCode, `order ${i + 1}: ${res.body}`).toBe(200);
    }
    for (const app of [a, b]) {
      const refused = await order(app, '203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(rateLimited);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await order(b, '203.0.113.8')).statusCode).toBe(200);
  });

  it.each([
    [
      'delivery quotes',
      (app: FastifyInstance, ip: string) =>
        app.inject({
          method: 'POST',
          url: '/api/delivery-quote',
          remoteAddress: ip,
          payload: { venueUrl: v.venue.venueUrl, deliveryAddress: 'Via Roma 12, 00100 Roma' },
        }),
    ],
    [
      'address searches',
      (app: FastifyInstance, ip: string) =>
        app.inject({ method: 'GET', url: '/api/address?q=Via+Roma', remoteAddress: ip }),
    ],
  ])('shares the limit of %s between the processes, apart from the other limits', async (_name, call) => {
    const ip = `198.51.100.${_name.length}`;
    for (let i = 0; i < 4; i++) expect((await call(i % 2 === 0 ? b : a, ip)).statusCode).toBe(200);
    expect((await call(a, ip)).statusCode).toBe(429);
    expect((await call(b, ip)).statusCode).toBe(429);
    // The same client's orders count apart.
    expect((await order(a, ip)).statusCode).toBe(200);
  });

  // Requests refused by validation (before any password work, so no sign-in lockout) still count.
  it.each([
    ['staff sign-in', '/api/auth/login', 30],
    ['chat', '/api/chat', 60],
  ])('shares the %s limit (%i a minute) between the processes', async (_name, url, max) => {
    const ip = `192.0.2.${max}`;
    const call = (app: FastifyInstance) => app.inject({ method: 'POST', url, remoteAddress: ip, payload: {} });
    for (let i = 0; i < max; i++) expect((await call(i % 2 === 0 ? a : b)).statusCode).toBe(400);
    for (const app of [a, b]) expect((await call(app)).json()).toEqual(rateLimited);
  });
});

describe.skipIf(!onPostgres)('the shared rate-limit store', () => {
  let database: TestDatabase;
  let limits: ReturnType<typeof createSharedRateLimits>;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    limits = createSharedRateLimits(database.db, { warn: () => {} });
  });
  afterAll(async () => {
    limits?.close();
    await database?.close();
  });

  const store = () => new limits.Store({});
  const incr = (s: ReturnType<typeof store>, key: string, windowMs = 60_000) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      s.incr(key, (e, r) => (e ? reject(e) : resolve(r!)), windowMs, 10),
    );

  it('counts hits that arrive together exactly once each', async () => {
    const s = store();
    const counts = await Promise.all(Array.from({ length: 40 }, () => incr(s, '10.9.9.9')));
    expect(counts.map((c) => c.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (const c of counts) expect(c.ttl).toBeGreaterThan(0);
  });

  it('starts a new window once the old one has passed, and deletes passed windows', async () => {
    const s = store();
    await incr(s, '10.8.8.8');
    await incr(s, '10.8.8.8');
    // The window as if it had begun a minute ago.
    await database.db.execute(
      sql`update rate_limit_hits set reset_at = now() - interval '1 second' where key like '%10.8.8.8'`,
    );
    expect((await incr(s, '10.8.8.8')).current).toBe(1);
    await database.db.execute(sql`update rate_limit_hits set reset_at = now() - interval '1 second'`);
    await limits.clean();
    expect(await countRows(database)).toBe(0);
  });

  it('counts each route limit apart from the others and from the global one', async () => {
    const global = store();
    const orders = global.child({ routeInfo: { method: 'POST', url: '/api/order' } } as never);
    const quotes = global.child({ routeInfo: { method: 'POST', url: '/api/delivery-quote' } } as never);
    await incr(global, '10.7.7.7');
    await incr(orders, '10.7.7.7');
    expect((await incr(orders, '10.7.7.7')).current).toBe(2);
    expect((await incr(quotes, '10.7.7.7')).current).toBe(1);
    expect((await incr(global, '10.7.7.7')).current).toBe(2);
  });
});

describe('limits on the embedded database', () => {
  let t: TestApp;
  let v: OrderingVenue;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { ORDER_RATE_LIMIT_PER_MINUTE: '2' } });
    v = await createOrderingVenue(t.database.db);
  });
  afterAll(() => t?.close());

  it('count in the process memory: nothing is written to the database', async () => {
    const order = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/order',
        remoteAddress: '10.6.6.6',
        payload: {
          venueUrl: v.venue.venueUrl,
          venueId: v.venue.id,
          items: [{ productId: v.product.water, variationIds: [], quantity: 1 }],
          spot: '1',
          delivery: false,
        },
      });
    expect((await order()).statusCode).toBe(200);
    expect((await order()).statusCode).toBe(200);
    expect((await order()).statusCode).toBe(429);
    expect(await countRows(t.database)).toBe(0);
  });
});
