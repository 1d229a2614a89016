/**
 * Order placement benchmark: places N orders in-process (app.inject), then over HTTP with
 * concurrency, and prints orders per second with p50 and p99 latency. Runs on PGlite always and on
 * PostgreSQL when BENCH_DATABASE_URL is set (a throw-away database is created next to it and dropped).
 *
 *   npx tsx scripts/bench/orders.ts
 *   BENCH_ORDERS=1000 BENCH_CONCURRENCY=32 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/orders.ts
 *
 * Every answer is checked: a non-200 or a wrong total counts as an error.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { parseEnv } from '../../apps/server/src/env.ts';
import { importVenue } from '../../apps/server/src/modules/venues/venue-import.service.ts';
import { createMemoryStorage } from '../../apps/server/src/providers/storage/local-disk.ts';

export interface OrderBenchResult {
  database: 'pglite' | 'postgres';
  mode: 'in-process' | 'http';
  orders: number;
  concurrency: number;
  ordersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

export interface OrderBenchOptions {
  orders?: number;
  concurrency?: number;
  /** PostgreSQL server to create the throw-away database on; PGlite only when absent. */
  databaseUrl?: string | undefined;
  log?: (line: string) => void;
}

const VENUE_URL = 'bench-bistro';
const PRODUCTS = 40;

function benchVenueFile() {
  return {
    venue: {
      venueUrl: VENUE_URL,
      name: 'Bench Bistro',
      currency: 'eur',
      spots: ['1', '2', '3', '4', '5', 'Bar'],
      enable_uber_direct: false,
    },
    categories: [{ id: 'mains', name: 'Mains' }],
    products: Array.from({ length: PRODUCTS }, (_, i) => ({
      id: `p${i}`,
      name: `Dish ${i}`,
      price: 5 + (i % 17) + 0.1 * (i % 10),
      categories: ['mains'],
      variations:
        i % 3 === 0
          ? [
              { id: 'big', name: 'Large', price_variation: 2.2 },
              { id: 'small', name: 'Small', price_variation: -1.5 },
            ]
          : [],
    })),
  };
}

interface MenuProduct {
  id: string;
  price: number | null;
  variations: { id: string; price_variation: number }[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/** A deterministic pseudo-random order (1 to 3 lines) and its expected total in minor units. */
function makeOrder(menu: MenuProduct[], venueId: string, i: number) {
  const lines = 1 + (i % 3);
  const items = [];
  let totalMinor = 0;
  for (let l = 0; l < lines; l++) {
    const p = menu[(i * 7 + l * 13) % menu.length]!;
    const variation = p.variations.length && (i + l) % 2 ? [p.variations[(i + l) % p.variations.length]!] : [];
    const quantity = 1 + ((i + l) % 4);
    items.push({ productId: p.id, variationIds: variation.map((v) => v.id), quantity });
    const unit = Math.round(p.price! * 100) + variation.reduce((s, v) => s + Math.round(v.price_variation * 100), 0);
    totalMinor += unit * quantity;
  }
  // Lines of the same product and variations merge: the total is the same either way.
  return { body: { venueUrl: VENUE_URL, venueId, spot: String(1 + (i % 5)), items }, totalMinor };
}

async function runPool(total: number, concurrency: number, task: (i: number) => Promise<boolean>) {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, total) }, async () => {
      for (let i = next++; i < total; i = next++) {
        const t0 = performance.now();
        const ok = await task(i).catch(() => false);
        latencies.push(performance.now() - t0);
        if (!ok) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    ordersPerSecond: total / elapsed,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    errors,
  };
}

async function createPostgresDatabase(baseUrl: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const name = `carte_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 20 });
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function benchOne(
  kind: 'pglite' | 'postgres',
  opts: Required<Pick<OrderBenchOptions, 'orders' | 'concurrency'>> & { databaseUrl?: string | undefined },
): Promise<OrderBenchResult[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carte-bench-'));
  const opened =
    kind === 'postgres'
      ? await createPostgresDatabase(opts.databaseUrl!)
      : { database: await openDatabase({ dataDir: 'memory://' }), drop: async () => {} };
  const { database } = opened;
  const storage = createMemoryStorage();
  const env = parseEnv({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    SEED_DEMO: 'false',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // The bench is one client placing orders as fast as it can: the per-client order limit is lifted.
    ORDER_RATE_LIMIT_PER_MINUTE: '1000000000',
  });
  let app: FastifyInstance | undefined;
  try {
    await importVenue({ db: database.db, storage }, benchVenueFile(), { baseDir: dataDir });
    app = await buildApp({ env, database, storage, logger: false, rateLimit: { max: 1_000_000_000 } });
    await app.ready();
    const venueRes = await app.inject({ method: 'GET', url: `/api/public/venue?venue=${VENUE_URL}` });
    const { venue, menu } = venueRes.json().data as { venue: { id: string }; menu: MenuProduct[] };
    const results: OrderBenchResult[] = [];
    const inject = app;
    const warm = Math.min(50, opts.orders);
    await runPool(
      warm,
      4,
      async (i) =>
        (await inject.inject({ method: 'POST', url: '/api/order', payload: makeOrder(menu, venue.id, i).body }))
          .statusCode === 200,
    );

    const check = (status: number, body: unknown, totalMinor: number) =>
      status === 200 && Math.round(((body as { data?: { total?: number } })?.data?.total ?? -1) * 100) === totalMinor;

    const inProcess = await runPool(opts.orders, opts.concurrency, async (i) => {
      const o = makeOrder(menu, venue.id, i);
      const res = await inject.inject({ method: 'POST', url: '/api/order', payload: o.body });
      return check(res.statusCode, res.json(), o.totalMinor);
    });
    results.push({
      database: kind,
      mode: 'in-process',
      orders: opts.orders,
      concurrency: opts.concurrency,
      ...inProcess,
    });

    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const url = `http://127.0.0.1:${port}/api/order`;
    const overHttp = await runPool(opts.orders, opts.concurrency, async (i) => {
      const o = makeOrder(menu, venue.id, i);
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(o.body),
      });
      return check(res.status, await res.json(), o.totalMinor);
    });
    results.push({ database: kind, mode: 'http', orders: opts.orders, concurrency: opts.concurrency, ...overHttp });
    return results;
  } finally {
    await app?.close();
    if (kind === 'pglite') await database.close();
    await opened.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatOrderBench(results: OrderBenchResult[]): string {
  const rows = results.map(
    (r) =>
      `${r.database.padEnd(9)} ${r.mode.padEnd(11)} ${String(r.orders).padStart(6)} ${String(r.concurrency).padStart(4)} ` +
      `${r.ordersPerSecond.toFixed(1).padStart(9)} ${r.p50Ms.toFixed(2).padStart(8)} ${r.p99Ms.toFixed(2).padStart(8)} ${String(r.errors).padStart(6)}`,
  );
  return ['database  mode        orders conc  orders/s  p50(ms)  p99(ms) errors', ...rows].join('\n');
}

export async function benchOrders(options: OrderBenchOptions = {}): Promise<OrderBenchResult[]> {
  const opts = {
    orders: options.orders ?? 500,
    concurrency: options.concurrency ?? 16,
    databaseUrl: options.databaseUrl,
  };
  const log = options.log ?? ((line: string) => console.log(line));
  const results: OrderBenchResult[] = [];
  log(`order placement: ${opts.orders} orders, concurrency ${opts.concurrency}`);
  results.push(...(await benchOne('pglite', opts)));
  if (opts.databaseUrl) results.push(...(await benchOne('postgres', opts)));
  else log('(PostgreSQL skipped: set BENCH_DATABASE_URL to include it)');
  log(formatOrderBench(results));
  return results;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const n = Number(process.env.BENCH_ORDERS ?? 500);
  const c = Number(process.env.BENCH_CONCURRENCY ?? 16);
  const results = await benchOrders({
    orders: Number.isInteger(n) && n > 0 ? n : 500,
    concurrency: Number.isInteger(c) && c > 0 ? c : 16,
    databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  });
  if (results.some((r) => r.errors > 0)) {
    console.error('Some orders failed or came back with a wrong total.');
    process.exitCode = 1;
  }
}
