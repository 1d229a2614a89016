/**
 * The service's figures (issue 18): two Carte server processes (the real entry point) on one
 * throw-away PostgreSQL database, a venue whose kitchen station prints on a fake ESC/POS printer on
 * 127.0.0.1 when an order is placed (`printOn: "placed"`), and a manager's board stream on process B.
 *   - ticket: POST /api/order on process A -> the ticket fully received by the printer (whichever
 *     process claims it), one order at a time;
 *   - call: POST /api/table/call on process A -> `call.created` on process B's board stream.
 * Prints p50, p95 and max of each.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- service
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { users, venueStaff } from '../../apps/server/src/db/schema.ts';
import { hashPassword } from '../../apps/server/src/modules/users/users.service.ts';
import { importVenue } from '../../apps/server/src/modules/venues/venue-import.service.ts';
import { createMemoryStorage } from '../../apps/server/src/providers/storage/local-disk.ts';
import { startFakePrinter } from '../../apps/server/test/fake-escpos-printer.ts';
import { openSse } from '../../apps/server/test/sse-client.ts';
import { percentile, startProcess, stop } from './order-events.ts';

const VENUE_URL = 'bench-service';
const EMAIL = 'bench-service@example.com';
const PASSWORD = 'a long bench password';

interface Figures {
  count: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  missed: number;
}

export interface ServiceBenchResult {
  ticket: Figures;
  call: Figures;
}

const figures = (xs: number[], count: number, missed: number): Figures => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { count, p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95), maxMs: sorted.at(-1) ?? 0, missed };
};

export async function benchService(opts: {
  databaseUrl: string;
  orders?: number;
  calls?: number;
}): Promise<ServiceBenchResult> {
  const orders = opts.orders ?? 100;
  const calls = opts.calls ?? 100;
  const printer = await startFakePrinter();
  const name = `carte_bench_service_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
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
  const spots = Array.from({ length: 20 }, (_, i) => String(i + 1));
  try {
    const database = await openDatabase({ databaseUrl: url });
    let venueId: string;
    try {
      await importVenue(
        { db: database.db, storage: createMemoryStorage() },
        {
          venue: {
            venueUrl: VENUE_URL,
            name: 'Bench Service',
            currency: 'eur',
            spots,
            stations: [{ id: 'kitchen', name: 'Kitchen', printer: printer.address }],
            printOn: 'placed',
          },
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

    // Tickets: each order's one ticket, received whole by the printer.
    const ticketTimes: number[] = [];
    let ticketsMissed = 0;
    for (let i = 0; i < orders + 5; i++) {
      const before = printer.tickets.length;
      // The printer stamps a ticket with the wall clock when its last byte arrives.
      const sentAt = Date.now();
      const res = await fetch(`${a.url}/api/order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          venueUrl: VENUE_URL,
          venueId,
          items: [{ productId, variationIds: [], quantity: 1 }],
          spot: spots[i % spots.length],
        }),
      });
      if (!res.ok) throw new Error(`order refused: ${res.status} ${await res.text()}`);
      try {
        const [ticket] = (await printer.waitForTickets(before + 1, 5000)).slice(before);
        // The first five warm both processes up.
        if (i >= 5) ticketTimes.push(ticket!.receivedAt - sentAt);
      } catch {
        if (i >= 5) ticketsMissed++;
      }
    }

    // Calls: a guest's call on A, heard on B's board; closed by the staff before the table calls again.
    const board = await openSse(`${b.url}/api/venue/orders/stream?venueId=${venueId}`, {
      authorization: `Bearer ${token}`,
    });
    if (board.status !== 200) throw new Error(`board stream refused: ${board.status} ${board.body}`);
    await board.waitForComment((c) => c === 'connected');
    const callTimes: number[] = [];
    let callsMissed = 0;
    for (let i = 0; i < calls + 5; i++) {
      const from = board.events.length;
      const sent = performance.now();
      const res = await fetch(`${a.url}/api/table/call`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ venueUrl: VENUE_URL, spot: spots[i % spots.length], kind: i % 2 ? 'bill' : 'waiter' }),
      });
      if (res.status !== 201) throw new Error(`call refused: ${res.status} ${await res.text()}`);
      const id = ((await res.json()) as { data: { id: string } }).data.id;
      try {
        const event = await board.waitFor((e) => e.event === 'call.created' && e.data.includes(id), 5000, from);
        if (i >= 5) callTimes.push(event.at - sent);
      } catch {
        if (i >= 5) callsMissed++;
      }
      await fetch(`${b.url}/api/table/call`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ id, status: 'done' }),
      });
    }
    board.close();
    return { ticket: figures(ticketTimes, orders, ticketsMissed), call: figures(callTimes, calls, callsMissed) };
  } finally {
    await Promise.all(children.map(stop));
    await printer.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    const c = new pg.Client({ connectionString: opts.databaseUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  }
}

export function formatServiceBench(r: ServiceBenchResult): string {
  const line = (f: Figures) =>
    `p50 ${f.p50Ms.toFixed(1)} ms, p95 ${f.p95Ms.toFixed(1)} ms, max ${f.maxMs.toFixed(1)} ms; missed ${f.missed}`;
  return (
    `${r.ticket.count} orders, one at a time: POST /api/order on process A -> its kitchen ticket received by the printer: ${line(r.ticket)}\n` +
    `${r.call.count} calls: POST /api/table/call on process A -> call.created on process B's board stream: ${line(r.call)}`
  );
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(fileURLToPath(import.meta.url));
if (isMain) {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) console.log('The service figures need PostgreSQL: set BENCH_DATABASE_URL.');
  else console.log(formatServiceBench(await benchService({ databaseUrl })));
}
