import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNotNull } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { orders } from '../src/db/schema.ts';
import { testVariable } from '../src/env.ts';
import { createOrderingVenue, type OrderingVenue } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The server against a real PostgreSQL whose connections are cut while guests order: the pool's
 * backends are terminated (pg_terminate_backend) and, for a while, new connections are refused.
 * The process must stay up, answer 503 SERVICE_UNAVAILABLE while the database is away, say so on
 * /readyz, and serve again by itself; clients retrying with their Idempotency-Key must end with
 * every acknowledged order stored exactly once.
 */
const base = testVariable('TEST_DATABASE_URL');

describe.skipIf(!base)('the server through a PostgreSQL outage', () => {
  let t: TestApp;
  let v: OrderingVenue;
  let admin: pg.Client;
  let dbName: string;

  beforeAll(async () => {
    t = await createTestApp('postgres', { deps: { rateLimit: { max: 1_000_000 } } });
    v = await createOrderingVenue(t.database.db);
    dbName = new URL(t.database.url!).pathname.slice(1);
    admin = new pg.Client({ connectionString: base });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.query(`alter database ${dbName} allow_connections true`).catch(() => {});
    await admin?.end();
    await t?.close();
  });

  /** Cuts every connection of the test's own database (never anyone else's). */
  const terminateBackends = async (): Promise<number> => {
    const r = await admin.query<{ pid: number }>(
      'select pg_terminate_backend(pid) as pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [dbName],
    );
    return r.rowCount ?? 0;
  };
  const allowConnections = (allow: boolean) =>
    admin.query(`alter database ${dbName} allow_connections ${allow ? 'true' : 'false'}`);

  const orderBody = (i: number) => ({
    venueUrl: v.venue.venueUrl,
    venueId: v.venue.id,
    items: [{ productId: v.product.water, variationIds: [], quantity: 1 + (i % 3) }],
    spot: '1',
    delivery: false,
  });
  const readyz = async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode;

  it('keeps serving through terminated backends and refused connections; each acknowledged order is stored once', async () => {
    const WORKERS = 4;
    const PER_WORKER = 15;
    const acknowledged = new Map<string, string>(); // key -> order id
    const statuses = new Map<number, number>();
    let failures = 0;
    let outageDone = false;

    /** One guest's device: retries the same keyed order on 503 or a failed connection. */
    const placeWithRetries = async (key: string, i: number) => {
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        try {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/order',
            payload: orderBody(i),
            headers: { 'content-type': 'application/json', 'idempotency-key': key },
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode === 200) {
            acknowledged.set(key, res.json().data.id as string);
            return;
          }
          expect(res.statusCode).toBe(503);
          expect(res.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
          expect(res.headers['retry-after']).toBe('1');
        } catch (e) {
          if ((e as { matcherResult?: unknown }).matcherResult) throw e;
          failures++; // the connection itself failed: retry like a browser would
        }
        await sleep(50);
      }
      throw new Error(`order ${key} was never acknowledged`);
    };

    const workers = Array.from({ length: WORKERS }, async (_, w) => {
      for (let i = 0; i < PER_WORKER; i++) await placeWithRetries(`restart-${w}-${i}`, i);
    });

    const outage = (async () => {
      // Wait until the stream is flowing, then cut it in the middle.
      while (acknowledged.size < 12) await sleep(10);
      expect(await terminateBackends()).toBeGreaterThan(0);
      // The database goes away for a while: no connection can be opened.
      await allowConnections(false);
      await terminateBackends();
      const start = Date.now();
      let sawNotReady = false;
      while (Date.now() - start < 1500) {
        if ((await readyz()) === 503) sawNotReady = true;
        await terminateBackends();
        await sleep(100);
      }
      expect(sawNotReady).toBe(true);
      await allowConnections(true);
      // And once more, while orders are in flight, a plain cut.
      while (acknowledged.size < 40) await sleep(10);
      await terminateBackends();
      outageDone = true;
    })();

    await Promise.all([...workers, outage]);
    expect(outageDone).toBe(true);

    const stored = await t.database.db
      .select({ id: orders.id, key: orders.idempotencyKey })
      .from(orders)
      .where(and(eq(orders.venueId, v.venue.id), isNotNull(orders.idempotencyKey)));
    const storedByKey = new Map<string, string[]>();
    for (const row of stored) storedByKey.set(row.key!, [...(storedByKey.get(row.key!) ?? []), row.id]);
    const duplicated = [...storedByKey.values()].filter((ids) => ids.length > 1).length;

    console.log(
      `database restart: acknowledged ${acknowledged.size}, stored ${stored.length}, duplicated ${duplicated}; ` +
        `responses ${JSON.stringify(Object.fromEntries(statuses))}, failed connections ${failures}`,
    );

    expect(acknowledged.size).toBe(WORKERS * PER_WORKER);
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect(duplicated).toBe(0);
    expect(stored.length).toBe(acknowledged.size);
    for (const [key, id] of acknowledged) expect(storedByKey.get(key)).toEqual([id]);

    // Served again without a restart.
    expect(await readyz()).toBe(200);
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: orderBody(1),
      headers: { 'content-type': 'application/json', 'idempotency-key': 'after-the-outage' },
    });
    expect(next.statusCode).toBe(200);

    // No connection was lost to the outage: closing waits for every checked-out client.
    const closing = t.close().then(() => 'closed');
    expect(await Promise.race([closing, sleep(15_000).then(() => 'a client was never released')])).toBe('closed');
  }, 120_000);

  it('an error emitted by an idle pooled client or a checked-out one does not crash the process', async () => {
    t = await createTestApp('postgres'); // a fresh database: the first test closed its own
    dbName = new URL(t.database.url!).pathname.slice(1);
    const reported: Error[] = [];
    const database = await openDatabase({
      databaseUrl: t.database.url,
      migrate: false,
      poolSize: 2,
      onConnectionError: (e) => reported.push(e),
    });
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', onUncaught);
    try {
      expect(await database.ping()).toBe(true); // one idle client in the pool now
      // A checked-out client between two statements of a transaction, its backend cut.
      const inTransaction = database.db.transaction(async (tx) => {
        await tx.select({ id: orders.id }).from(orders).limit(1);
        await terminateBackends();
        await sleep(300); // the termination arrives while no statement runs
        await tx.select({ id: orders.id }).from(orders).limit(1);
      });
      await expect(inTransaction).rejects.toThrow();
      await sleep(100);
      expect(uncaught).toEqual([]);
      expect(reported.length).toBeGreaterThan(0);
      // The pool connects again by itself.
      expect(await database.ping()).toBe(true);
    } finally {
      process.off('uncaughtException', onUncaught);
      await database.close();
    }
  });
});
