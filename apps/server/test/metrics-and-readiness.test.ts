import type { FastifyInstance } from 'fastify';
import parsePrometheusTextFormat, { type ParsedFamily } from 'parse-prometheus-text-format';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { EnvError, parseEnv, testVariable } from '../src/env.ts';
import { createMemoryStorage } from '../src/providers/storage/local-disk.ts';
import {
  createBoardFixture,
  placeDeliveryOrder,
  placeOrder,
  tableOrderBody,
  type BoardFixture,
} from './order-board-fixtures.ts';
import { openSse } from './sse-client.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { dbKinds } from './test-db.ts';

/**
 * GET /metrics (architecture 4.14) as a Prometheus server scrapes it: the text must parse with a
 * Prometheus text-format parser and count what happened. /readyz follows the database.
 */
const TOKEN = 'a-metrics-token-for-the-tests';
const auth = { authorization: `Bearer ${TOKEN}` };

interface Scrape {
  text: string;
  families: ParsedFamily[];
}

async function scrape(app: FastifyInstance): Promise<Scrape> {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: auth });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(res.headers['cache-control']).toBe('no-store');
  // The parser throws on any line that is not the text format.
  return { text: res.body, families: parsePrometheusTextFormat(res.body) };
}

/** The value of a counter or gauge with these labels (0 when absent). */
function valueOf({ families }: Scrape, name: string, labels: Record<string, string> = {}): number {
  const family = families.find((f) => f.name === name);
  const sample = family?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return Number(sample?.value ?? 0);
}

/**
 * The observations of a histogram with these labels (0 when absent). The parser keeps the labels of
 * counters and gauges but folds a labelled histogram into one: its family is checked there, and the
 * `_count` series read from the text it parsed.
 */
function countOf({ text, families }: Scrape, name: string, labels: Record<string, string>): number {
  expect(families.find((f) => f.name === name)?.type).toBe('HISTOGRAM');
  let n = 0;
  for (const m of text.matchAll(new RegExp(`^${name}_count\\{([^}]*)\\} (\\S+)$`, 'gm'))) {
    const have = Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) n += Number(m[2]);
  }
  return n;
}

describe.each(dbKinds)('GET /metrics on %s', (kind) => {
  let t: TestApp;
  let f: BoardFixture;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { METRICS_TOKEN: TOKEN } });
    f = await createBoardFixture(t.app, t.database.db);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => t?.close());

  it.each([
    ['no token', {}],
    ['a wrong token', { authorization: 'Bearer not-the-metrics-token' }],
    ['the token without Bearer', { authorization: TOKEN }],
    ['a token with one more character', { authorization: `Bearer ${TOKEN}x` }],
  ])('answers 401 to %s', async (_why, headers) => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="carte-metrics"');
    expect(res.json()).toEqual({
      success: false,
      code: 'UNAUTHORIZED',
      error: 'Send METRICS_TOKEN as a bearer token.',
    });
  });

  it('parses as the Prometheus text format and counts an order placed, once for a keyed retry', async () => {
    const before = await scrape(t.app);
    const key = { 'idempotency-key': `metrics-${kind}-${Date.now()}` };
    await placeOrder(t.app, tableOrderBody(f.v), key);
    await placeOrder(t.app, tableOrderBody(f.v), key); // the same order again: not a new one
    await placeDeliveryOrder(t.app, f.v);
    const after = await scrape(t.app);
    const placed = (fulfilment: string) =>
      valueOf(after, 'carte_orders_placed_total', { fulfilment }) -
      valueOf(before, 'carte_orders_placed_total', { fulfilment });
    expect(placed('table')).toBe(1);
    expect(placed('delivery')).toBe(1);
    // Requests by route pattern and status, with durations.
    const orderPosts = { method: 'POST', route: '/api/order', status: '200' };
    expect(
      countOf(after, 'carte_http_request_duration_seconds', orderPosts) -
        countOf(before, 'carte_http_request_duration_seconds', orderPosts),
    ).toBe(3);
    // An unknown path is one route, not one label value per URL.
    await t.app.inject({ method: 'GET', url: `/api/no-such-thing-${Date.now()}` });
    const later = await scrape(t.app);
    expect(later.text).not.toMatch(/no-such-thing/);
    expect(countOf(later, 'carte_http_request_duration_seconds', { route: '/api/*', status: '404' })).toBeGreaterThan(
      0,
    );
    // The rest of the catalogue is declared, the process's own metrics too.
    for (const name of ['carte_payments_total', 'carte_tickets_printed_total', 'carte_order_event_delay_seconds']) {
      expect(later.families.map((x) => x.name)).toContain(name);
    }
    expect(valueOf(later, 'carte_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts the open event streams: a board and a guest', async () => {
    const order = await placeOrder(t.app, tableOrderBody(f.v));
    const board = await openSse(`${url}/api/venue/orders/stream?venueId=${f.v.venue.id}`, f.headers('manager'));
    const guest = await openSse(`${url}/api/order/stream?orderId=${order.id}`);
    try {
      await board.waitForComment((c) => c === 'connected');
      const open = await scrape(t.app);
      expect(valueOf(open, 'carte_event_streams_open', { kind: 'board' })).toBe(1);
      expect(valueOf(open, 'carte_event_streams_open', { kind: 'guest' })).toBe(1);
    } finally {
      board.close();
      guest.close();
    }
    await expect.poll(async () => valueOf(await scrape(t.app), 'carte_event_streams_open', { kind: 'board' })).toBe(0);
  });

  it.skipIf(kind !== 'postgres')("reports the database pool and the events' delay", async () => {
    await placeOrder(t.app, tableOrderBody(f.v));
    await expect
      .poll(async () => countOf(await scrape(t.app), 'carte_order_event_delay_seconds', { origin: 'this_process' }))
      .toBeGreaterThan(0);
    const now = await scrape(t.app);
    expect(valueOf(now, 'carte_db_pool_max_connections')).toBe(20);
    const idle = valueOf(now, 'carte_db_pool_connections', { state: 'idle' });
    const busy = valueOf(now, 'carte_db_pool_connections', { state: 'busy' });
    expect(idle + busy).toBeGreaterThan(0);
    expect(valueOf(now, 'carte_db_pool_connections', { state: 'waiting' })).toBe(0);
  });
});

describe('METRICS_TOKEN', () => {
  it('unset: /metrics answers 404', async () => {
    const t = await createTestApp('pglite');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('must be at least 16 characters', () => {
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(EnvError);
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(parseEnv({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
  });
});

const base = testVariable('TEST_DATABASE_URL');

describe.skipIf(!base)('two processes on one PostgreSQL', () => {
  let t: TestApp;
  let secondPool: Database;
  let second: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp('postgres', { env: { METRICS_TOKEN: TOKEN } });
    secondPool = await openDatabase({ databaseUrl: t.database.url, migrate: false, poolSize: 3 });
    const env = parseEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test', METRICS_TOKEN: TOKEN, DATA_DIR: t.dataDir });
    second = await buildApp({ env, database: secondPool, storage: createMemoryStorage(), logger: false });
  });
  afterAll(async () => {
    await second?.close();
    await secondPool?.close();
    await t?.close();
  });

  it('measures the delay of an event published by the other process; each counts only its own orders', async () => {
    const f = await createBoardFixture(t.app, t.database.db);
    await placeOrder(t.app, tableOrderBody(f.v));
    await expect
      .poll(async () => countOf(await scrape(second), 'carte_order_event_delay_seconds', { origin: 'other_process' }))
      .toBeGreaterThan(0);
    expect(valueOf(await scrape(t.app), 'carte_orders_placed_total', { fulfilment: 'table' })).toBe(1);
    expect(valueOf(await scrape(second), 'carte_orders_placed_total', { fulfilment: 'table' })).toBe(0);
  });
});

describe.skipIf(!base)('readiness while PostgreSQL is stopped', () => {
  let t: TestApp;
  let admin: pg.Client;
  let dbName: string;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    dbName = new URL(t.database.url!).pathname.slice(1);
    admin = new pg.Client({ connectionString: base });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.query(`alter database ${dbName} allow_connections true`).catch(() => {});
    await admin?.end();
    await t?.close();
  });

  const status = async (path: string) => (await t.app.inject({ method: 'GET', url: path })).statusCode;

  it('/readyz answers 503 while the database refuses connections and 200 once it is back; /healthz stays 200', async () => {
    expect(await status('/readyz')).toBe(200);
    // The database stops for this process: no new connection, every open one cut.
    await admin.query(`alter database ${dbName} allow_connections false`);
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [dbName],
    );
    const down = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
    expect(await status('/healthz')).toBe(200);
    await admin.query(`alter database ${dbName} allow_connections true`);
    await expect.poll(() => status('/readyz'), { timeout: 15_000 }).toBe(200);
  });
});
