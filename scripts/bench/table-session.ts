/**
 * Table sessions across processes (issue 20's figures): two Carte server processes (the real entry
 * point) on one throw-away PostgreSQL database. Guests join one table through either process; a phone
 * streams the session from process B while another phone changes the shared cart through process A.
 * For each change: the time from sending POST /api/table/cart on A to reading the session with that
 * change on B's stream (p50, p95, max). Then the largest table: N phones (default 60) join and add a
 * line each at the same moment, half through each process, and the cart is checked for every line.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- table
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { ChildProcess } from 'node:child_process';
import type { JoinTableAnswer, TableSession } from '@carte/domain';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { tableTokensOf } from '../../apps/server/src/modules/table-sessions/table-sessions.service.ts';
import { importVenue } from '../../apps/server/src/modules/venues/venue-import.service.ts';
import { createMemoryStorage } from '../../apps/server/src/providers/storage/local-disk.ts';
import { openSse } from '../../apps/server/test/sse-client.ts';
import { percentile, startProcess, stop } from './order-events.ts';

const VENUE_URL = 'bench-table';

export interface TableSessionBenchResult {
  changes: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  missed: number;
  /** Phones that joined one table and added a line at the same moment. */
  phones: number;
  /** Lines the cart held afterwards (must equal `phones`). */
  linesKept: number;
}

async function call<T>(url: string, method: string, route: string, body?: unknown, secret?: string): Promise<T> {
  const res = await fetch(`${url}${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(secret ? { 'x-table-member': secret } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

export async function benchTableSession(opts: {
  databaseUrl: string;
  changes?: number;
  phones?: number;
}): Promise<TableSessionBenchResult> {
  const changes = opts.changes ?? 200;
  const phoneCount = opts.phones ?? 60;
  const name = `carte_bench_table_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
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
    const database = await openDatabase({ databaseUrl: url });
    let tokens: Map<string, string>;
    try {
      await importVenue(
        { db: database.db, storage: createMemoryStorage() },
        {
          venue: { venueUrl: VENUE_URL, name: 'Bench Table', currency: 'eur', spots: ['1', '2'] },
          categories: [{ id: 'drinks', name: 'Drinks' }],
          products: [{ id: 'water', name: 'Water', price: 2.5, categories: ['drinks'] }],
        },
        { baseDir: dataDirs[0]! },
      );
      const venue = await database.db.query.venues.findFirst({ where: (v, { eq }) => eq(v.venueUrl, VENUE_URL) });
      tokens = await tableTokensOf(database.db, venue!.id, venue!.spots);
    } finally {
      await database.close();
    }
    const [a, b] = await Promise.all([startProcess(url, dataDirs[0]!), startProcess(url, dataDirs[1]!)]);
    children.push(a.child, b.child);
    const menu = (await (await fetch(`${a.url}/api/public/venue?venue=${VENUE_URL}`)).json()) as {
      data: { menu: { id: string }[] };
    };
    const productId = menu.data.menu[0]!.id;
    const join = (base: string, spot: string, guest: string) =>
      call<JoinTableAnswer>(base, 'POST', '/api/table/join', {
        venueUrl: VENUE_URL,
        spot,
        token: tokens.get(spot),
        name: guest,
      });

    // Latency: Anna changes the cart through A, Ben's phone streams from B.
    const anna = await join(a.url, '1', 'Anna');
    const ben = await join(b.url, '1', 'Ben');
    const stream = await openSse(`${b.url}/api/table/session/events?member=${encodeURIComponent(ben.memberToken)}`);
    if (stream.status !== 200) throw new Error(`session stream refused: ${stream.status} ${stream.body}`);
    await stream.waitFor((e) => e.event === 'session');
    const latencies: number[] = [];
    let missed = 0;
    let lineId: string | null = null;
    for (let i = 0; i < changes + 10; i++) {
      const from = stream.events.length;
      const sent = performance.now();
      const quantity = (i % 9) + 1;
      const session = lineId
        ? await call<TableSession>(a.url, 'PATCH', '/api/table/cart', { lineId, quantity }, anna.memberToken)
        : await call<TableSession>(
            a.url,
            'POST',
            '/api/table/cart',
            { productId, variationIds: [], quantity },
            anna.memberToken,
          );
      lineId = session.cart[0]!.id;
      try {
        const seen = await stream.waitFor(
          (e) => e.event === 'session' && (JSON.parse(e.data) as TableSession).version >= session.version,
          5000,
          from,
        );
        if (i >= 10) latencies.push(seen.at - sent);
      } catch {
        if (i >= 10) missed++;
      }
    }
    stream.close();

    // The largest table: every phone adds a line at the same moment, half through each process.
    const phones: JoinTableAnswer[] = [];
    for (let i = 0; i < phoneCount; i++) phones.push(await join(i % 2 ? b.url : a.url, '2', `Phone ${i + 1}`));
    await Promise.all(
      phones.map((p, i) =>
        call(
          i % 2 ? a.url : b.url,
          'POST',
          '/api/table/cart',
          { productId, variationIds: [], quantity: 1 },
          p.memberToken,
        ),
      ),
    );
    const after = await call<TableSession>(a.url, 'GET', '/api/table/session', undefined, phones[0]!.memberToken);

    latencies.sort((x, y) => x - y);
    return {
      changes,
      p50Ms: percentile(latencies, 50),
      p95Ms: percentile(latencies, 95),
      maxMs: latencies.at(-1) ?? 0,
      missed,
      phones: phoneCount,
      linesKept: after.cart.length,
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

export function formatTableSessionBench(r: TableSessionBenchResult): string {
  return (
    `${r.changes} cart changes, one at a time: POST/PATCH /api/table/cart on process A -> the session on a phone's ` +
    `stream from process B: p50 ${r.p50Ms.toFixed(1)} ms, p95 ${r.p95Ms.toFixed(1)} ms, max ${r.maxMs.toFixed(1)} ms; ` +
    `missed ${r.missed}. Largest table: ${r.phones} phones adding at once (two processes): ${r.linesKept} of ${r.phones} lines kept`
  );
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(fileURLToPath(import.meta.url));
if (isMain) {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) console.log('Table sessions across processes need PostgreSQL: set BENCH_DATABASE_URL.');
  else console.log(formatTableSessionBench(await benchTableSession({ databaseUrl })));
}
