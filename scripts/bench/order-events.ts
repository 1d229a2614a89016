/**
 * Order events across processes (issue 9's figure): two Carte server processes (the real entry point,
 * apps/server/src/index.ts) on one throw-away PostgreSQL database; a manager's board stream is open on
 * process B; orders are placed one after the other with POST /api/order on process A. For each order:
 * the time from sending the POST to reading its `order.created` event on B's stream. Prints p50, p95
 * and max over N orders (default 200).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/order-events.ts
 *   BENCH_EVENT_ORDERS=500 ...
 *
 * Needs PostgreSQL (LISTEN/NOTIFY); without BENCH_DATABASE_URL it says so and measures nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { users, venueStaff } from '../../apps/server/src/db/schema.ts';
import { hashPassword } from '../../apps/server/src/modules/users/users.service.ts';
import { importVenue } from '../../apps/server/src/modules/venues/venue-import.service.ts';
import { createMemoryStorage } from '../../apps/server/src/providers/storage/local-disk.ts';
import { openSse } from '../../apps/server/test/sse-client.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ENTRY = path.join(root, 'apps/server/src/index.ts');
const VENUE_URL = 'bench-events';
const EMAIL = 'bench-manager@example.com';
const PASSWORD = 'a long bench password';

export interface OrderEventsBenchResult {
  orders: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** POST /api/order alone (answer received), p50. */
  postP50Ms: number;
  missed: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export async function startProcess(databaseUrl: string, dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ORDER_RATE_LIMIT_PER_MINUTE: '1000000',
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      CALL_RATE_LIMIT_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 120_000);
    child.stdout!.on('data', () => {
      const m = /Carte is listening on (http:\/\/[^\s"]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  // Its access log is not the benchmark's business.
  child.stdout!.removeAllListeners('data');
  child.stdout!.resume();
  return { child, url };
}

export const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

export async function benchOrderEvents(opts: {
  databaseUrl: string;
  orders?: number;
}): Promise<OrderEventsBenchResult> {
  const total = opts.orders ?? 200;
  const name = `carte_bench_events_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: opts.databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(opts.databaseUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const dataDirs = [
    mkdtempSync(path.join(tmpdir(), 'carte-bench-a-')),
    mkdtempSync(path.join(tmpdir(), 'carte-bench-b-')),
  ];
  const children: ChildProcess[] = [];
  try {
    // The venue and its manager, written before the processes start (they migrate first).
    const database = await openDatabase({ databaseUrl: url });
    let venueId: string;
    try {
      await importVenue(
        { db: database.db, storage: createMemoryStorage() },
        {
          venue: { venueUrl: VENUE_URL, name: 'Bench Events', currency: 'eur', spots: ['1', '2', '3'] },
          categories: [{ id: 'mains', name: 'Mains' }],
          products: [{ id: 'soup', name: 'Soup', price: 6.5, categories: ['mains'] }],
        },
        { baseDir: dataDirs[0]! },
      );
      const [user] = await database.db
        .insert(users)
        .values({ email: EMAIL, passwordHash: await hashPassword(PASSWORD) })
        .returning();
      const venue = await database.db.query.venues.findFirst({ where: (v, { eq }) => eq(v.venueUrl, VENUE_URL) });
      venueId = venue!.id;
      await database.db.insert(venueStaff).values({ userId: user!.id, venueId, role: 'manager' });
    } finally {
      await database.close();
    }

    const [a, b] = await Promise.all([startProcess(url, dataDirs[0]!), startProcess(url, dataDirs[1]!)]);
    children.push(a.child, b.child);

    const login = await fetch(`${b.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD, mode: 'json' }),
    });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const menu = (await (await fetch(`${a.url}/api/public/venue?venue=${VENUE_URL}`)).json()) as {
      data: { menu: { id: string }[] };
    };
    const productId = menu.data.menu[0]!.id;
    const board = await openSse(`${b.url}/api/venue/orders/stream?venueId=${venueId}`, {
      authorization: `Bearer ${token}`,
    });
    if (board.status !== 200) throw new Error(`board stream refused: ${board.status} ${board.body}`);
    await board.waitForComment((c) => c === 'connected');

    const latencies: number[] = [];
    const posts: number[] = [];
    let missed = 0;
    const body = JSON.stringify({
      venueUrl: VENUE_URL,
      venueId,
      items: [{ productId, variationIds: [], quantity: 1 }],
      spot: '2',
    });
    for (let i = 0; i < total + 10; i++) {
      const from = board.events.length;
      const sent = performance.now();
      const res = await fetch(`${a.url}/api/order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const answered = performance.now();
      const id = ((await res.json()) as { data: { id: string } }).data.id;
      try {
        const event = await board.waitFor(
          (e) => e.event === 'order.created' && e.data.includes(`"id":"${id}"`),
          5000,
          from,
        );
        // The first ten warm both processes up.
        if (i >= 10) {
          latencies.push(event.at - sent);
          posts.push(answered - sent);
        }
      } catch {
        if (i >= 10) missed++;
      }
    }
    board.close();
    latencies.sort((x, y) => x - y);
    posts.sort((x, y) => x - y);
    return {
      orders: total,
      p50Ms: percentile(latencies, 50),
      p95Ms: percentile(latencies, 95),
      maxMs: latencies.at(-1) ?? 0,
      postP50Ms: percentile(posts, 50),
      missed,
    };
  } finally {
    await Promise.all(children.map(stop));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    const c = new pg.Client({ connectionString: opts.databaseUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  }
}

export function formatOrderEventsBench(r: OrderEventsBenchResult): string {
  return (
    `${r.orders} orders, one at a time: POST /api/order on process A -> order.created on process B's board stream: ` +
    `p50 ${r.p50Ms.toFixed(1)} ms, p95 ${r.p95Ms.toFixed(1)} ms, max ${r.maxMs.toFixed(1)} ms ` +
    `(the POST alone: p50 ${r.postP50Ms.toFixed(1)} ms); missed ${r.missed}`
  );
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(fileURLToPath(import.meta.url));
if (isMain) {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) {
    console.log('Order events across processes need PostgreSQL: set BENCH_DATABASE_URL.');
  } else {
    const n = Number(process.env.BENCH_EVENT_ORDERS ?? 200);
    const result = await benchOrderEvents({ databaseUrl, orders: Number.isInteger(n) && n > 0 ? n : 200 });
    console.log(formatOrderEventsBench(result));
    if (result.missed > 0) process.exitCode = 1;
  }
}
