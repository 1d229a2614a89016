/**
 * Order placement benchmark: places N orders in-process (app.inject), then over HTTP with
 * concurrency, and prints orders per second with p50 and p99 latency. Runs on PGlite always and on
 * PostgreSQL when BENCH_DATABASE_URL is set (a throw-away database is created next to it and dropped).
 *
 *   npx tsx scripts/bench/orders.ts
 *   BENCH_ORDERS=1000 BENCH_CONCURRENCY=32 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/orders.ts
 *
 * Every answer is checked: a non-200 or a wrong total counts as an error. Over HTTP the client runs
 * in a worker thread (order-load-worker.mjs), so the server keeps the main thread. On PostgreSQL the
 * same run ends with pgbench running the SQL one order runs (orderSqlScript) with as many clients,
 * on the same database, for 10 s: the yardstick of issue 21 item 5 (HTTP >= half of it).
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase, type Database, type Db } from '../../apps/server/src/db/client.ts';
import { orderContextQuery } from '../../apps/server/src/modules/orders/orders.repository.ts';
import { parseEnv } from '../../apps/server/src/env.ts';
import { importVenue } from '../../apps/server/src/modules/venues/venue-import.service.ts';
import { createMemoryStorage } from '../../apps/server/src/providers/storage/local-disk.ts';

export interface OrderBenchResult {
  database: 'pglite' | 'postgres';
  mode: 'in-process' | 'http' | 'pgbench';
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

async function createPostgresDatabase(
  baseUrl: string,
): Promise<{ database: Database; url: string; drop: () => Promise<void> }> {
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
    url: u.toString(),
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** pgbench on PATH or beside PostgreSQL's other programs (Debian keeps it in /usr/lib/postgresql/<v>/bin). */
function findPgbench(): string | null {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  try {
    for (const v of readdirSync('/usr/lib/postgresql').sort().reverse()) dirs.push(`/usr/lib/postgresql/${v}/bin`);
  } catch {
    // no Debian PostgreSQL
  }
  for (const dir of dirs) {
    const file = path.join(dir, 'pgbench');
    if (existsSync(file)) return file;
  }
  return null;
}

/**
 * The statements one order of this bench runs on PostgreSQL, in order, as a pgbench script (read off
 * the pg driver while POST /api/order runs): the per-client limit's counter, the order's reads (the
 * venue, its categories' hours and pauses, the ordered products with their variations: `context`, the
 * text of orderContextQuery itself), and the order with its number, first event, lines and the boards'
 * notification in one statement. Values come as pgbench variables (-D); pgbench runs with
 * -M prepared, every statement prepared once per connection: its best case (the server prepares only
 * the reads).
 */
export const orderSqlScript = (context: string) => `
insert into rate_limit_hits as r (key, hits, reset_at)
  values (:rlkey, 1, now() + 60000 * interval '1 millisecond')
  on conflict (key) do update set
    hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
    reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
  returning hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl_ms;
${context};
with seq as (
  update "venues" set order_seq = order_seq + 1 where id = :venue::uuid returning order_seq
), o as (
  insert into "orders" (number, venue_id, spot, delivery, pickup_at, currency, subtotal_minor, service_charge_minor, tax,
    tax_total_minor, tax_mode, delivery_cost_minor, total_minor, delivery_info, notes, allergy_profile,
    idempotency_key, request_hash, date_created, updated_at)
  select seq.order_seq, :venue::uuid, :spot::text, false, null::timestamptz, :currency::text,
    :total::bigint, 0, '[]'::jsonb, 0, null::text, 0, :total::bigint, null::jsonb, null::text, null::jsonb,
    null::text, null::text, now(), clock_timestamp()
  from seq
  on conflict (venue_id, idempotency_key) do nothing
  returning id, number, status, updated_at
), e as (
  insert into "order_events" (order_id, kind, from_status, to_status, at)
  select o.id, 'status', null, o.status, o.updated_at from o
  returning 1
), i as (
  insert into "order_items" (order_id, product_id, name, unit_price_minor, quantity, line_total_minor, variations, notes, position)
  select o.id, x.product_id, x.name, x.unit_price_minor, x.quantity, x.line_total_minor, x.variations, x.notes, x.position
  from o cross join jsonb_to_recordset(:items::jsonb) as x(product_id uuid, name text, unit_price_minor bigint,
    quantity integer, line_total_minor bigint, variations jsonb, notes text, position integer)
  returning 1
), d as (
  insert into "deliveries" (order_id, provider, provider_ref, quote_ref, fee_minor, status)
  select o.id, null::text, null::text, null::text, 0::bigint, 'pending'
  from o where false
  returning 1
), n as (
  select pg_notify('carte_orders', json_build_object('type', 'order.created', 'orderId', o.id,
    'venueId', :venue::uuid, 'sentAt', :sentat::bigint, 'origin', :origin::text)::text)
  from o where true
)
select o.id, o.number, o.status, o.updated_at, (select count(*) from i)::int as items,
  (select count(*) from d)::int as couriers, (select count(*) from e)::int as events,
  (select count(*) from n)::int as notified from o;
`;

/**
 * pgbench running orderSqlScript on the bench's database for `seconds` with `concurrency` clients:
 * what PostgreSQL alone reaches with an order's SQL, the yardstick of issue 21 item 5.
 */
async function pgbenchOrders(
  db: Db,
  databaseUrl: string,
  venue: { id: string },
  menu: MenuProduct[],
  opts: { concurrency: number; seconds: number },
): Promise<{ tps: number; latencyMs: number } | null> {
  const binary = findPgbench();
  if (!binary) return null;
  const dir = mkdtempSync(path.join(tmpdir(), 'carte-pgbench-'));
  try {
    const script = path.join(dir, 'order.sql');
    const [a, b] = [menu[3]!, menu[17]!];
    // The reads' statement as the server sends it, its $n parameters as pgbench variables.
    const q = orderContextQuery(db).toSQL();
    const contextVars: Record<string, string> = {};
    const context = q.sql.replace(/\$(\d+)/g, (_, n: string) => {
      const param = q.params[Number(n) - 1];
      const placeholder = typeof param === 'object' && param !== null && 'name' in param ? String(param.name) : null;
      const name = placeholder ? `ctx_${placeholder}` : `ctx_p${n}`;
      contextVars[name] =
        placeholder === 'ids' ? JSON.stringify([a.id, b.id]) : placeholder === 'venueUrl' ? VENUE_URL : String(param);
      return `:${name}`;
    });
    writeFileSync(script, orderSqlScript(context));
    const items = [a, b].map((p, position) => ({
      product_id: p.id,
      name: `Dish ${position}`,
      unit_price_minor: Math.round(p.price! * 100),
      quantity: 2,
      line_total_minor: Math.round(p.price! * 100) * 2,
      variations: [],
      notes: null,
      position,
    }));
    const total = items.reduce((s, i) => s + i.line_total_minor, 0);
    const vars = {
      rlkey: 'pgbench-client',
      venueurl: VENUE_URL,
      venue: venue.id,
      p1: a.id,
      p2: b.id,
      spot: '2',
      currency: 'eur',
      total: String(total),
      items: JSON.stringify(items),
      sentat: String(Date.now()),
      origin: randomUUID(),
      ...contextVars,
    };
    const u = new URL(databaseUrl);
    const args = [
      '-n',
      '-M',
      'prepared',
      '-c',
      String(opts.concurrency),
      '-j',
      '2',
      '-T',
      String(opts.seconds),
      '-f',
      script,
      ...Object.entries(vars).flatMap(([k, v]) => ['-D', `${k}=${v}`]),
      '-h',
      u.hostname,
      '-p',
      u.port || '5432',
      '-U',
      decodeURIComponent(u.username || 'postgres'),
      decodeURIComponent(u.pathname.slice(1)),
    ];
    const env = { ...process.env, ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}) };
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(binary, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (d) => (text += d));
      child.stderr.on('data', (d) => (text += d));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`pgbench exited with ${code}:\n${text}`)),
      );
    });
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1]);
    const latency = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1]);
    const failed = Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0);
    if (!Number.isFinite(tps) || failed > 0) throw new Error(`pgbench: ${out}`);
    return { tps, latencyMs: latency };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchOne(
  kind: 'pglite' | 'postgres',
  opts: Required<Pick<OrderBenchOptions, 'orders' | 'concurrency'>> & { databaseUrl?: string | undefined },
): Promise<OrderBenchResult[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carte-bench-'));
  const opened =
    kind === 'postgres'
      ? await createPostgresDatabase(opts.databaseUrl!)
      : { database: await openDatabase({ dataDir: 'memory://' }), url: undefined, drop: async () => {} };
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
    // The client in a worker thread (order-load-worker.mjs): the server keeps the main thread to itself.
    const overHttp = await new Promise<Omit<OrderBenchResult, 'database' | 'mode' | 'orders' | 'concurrency'>>(
      (resolve, reject) => {
        const worker = new Worker(new URL('./order-load-worker.mjs', import.meta.url), {
          workerData: {
            url: `http://127.0.0.1:${port}/api/order`,
            concurrency: opts.concurrency,
            orders: Array.from({ length: opts.orders }, (_, i) => {
              const o = makeOrder(menu, venue.id, i);
              return { body: JSON.stringify(o.body), totalMinor: o.totalMinor };
            }),
          },
        });
        worker.once('message', resolve);
        worker.once('error', reject);
      },
    );
    results.push({ database: kind, mode: 'http', orders: opts.orders, concurrency: opts.concurrency, ...overHttp });

    if (kind === 'postgres') {
      // The yardstick, in the same run on the same database: the order's SQL alone through pgbench.
      const seconds = 10;
      const pgb = await pgbenchOrders(database.db, opened.url!, venue, menu, {
        concurrency: opts.concurrency,
        seconds,
      });
      if (pgb) {
        results.push({
          database: kind,
          mode: 'pgbench',
          orders: Math.round(pgb.tps * seconds),
          concurrency: opts.concurrency,
          ordersPerSecond: pgb.tps,
          p50Ms: pgb.latencyMs,
          p99Ms: Number.NaN,
          errors: 0,
        });
      }
    }
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
      `${r.ordersPerSecond.toFixed(1).padStart(9)} ${r.p50Ms.toFixed(2).padStart(8)} ${(Number.isNaN(r.p99Ms) ? '-' : r.p99Ms.toFixed(2)).padStart(8)} ${String(r.errors).padStart(6)}`,
  );
  const http = results.find((r) => r.database === 'postgres' && r.mode === 'http');
  const pgb = results.find((r) => r.mode === 'pgbench');
  const ratio =
    http && pgb
      ? [
          `PostgreSQL over HTTP: ${((100 * http.ordersPerSecond) / pgb.ordersPerSecond).toFixed(0)}% of what pgbench reaches ` +
            `with the same SQL (${http.ordersPerSecond.toFixed(0)} / ${pgb.ordersPerSecond.toFixed(0)} orders/s; goal >= 50%; ` +
            `pgbench's p50 column is its average latency)`,
        ]
      : [];
  return ['database  mode        orders conc  orders/s  p50(ms)  p99(ms) errors', ...rows, ...ratio].join('\n');
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
