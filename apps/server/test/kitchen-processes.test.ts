import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PublicOrder, TableCall } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderTickets, venues } from '../src/db/schema.ts';
import { testVariable } from '../src/env.ts';
import { startFakePrinter, type FakePrinter } from './fake-escpos-printer.ts';
import { readTicket, setUpStations } from './kitchen-fixtures.ts';
import { createBoardFixture, tableOrderBody, type BoardFixture } from './order-board-fixtures.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { openSse, type SseStream } from './sse-client.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const base = testVariable('TEST_DATABASE_URL');

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/**
 * Two server processes on one PostgreSQL (issue 18): this test's app and a child running the real
 * entry point, each with its own ticket printer. Every ticket is printed exactly once per station,
 * whichever process took the order; a call from the table reaches the other process's board.
 */
describe.skipIf(!base)('kitchen tickets and calls with two server processes on PostgreSQL', () => {
  let t: TestApp;
  let f: BoardFixture;
  let kitchen: FakePrinter;
  let bar: FakePrinter;
  let child: ServerProcess | undefined;
  let childUrl: string;
  let localUrl: string;
  let dataDir: string;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    kitchen = await startFakePrinter();
    bar = await startFakePrinter();
    t = await createTestApp('postgres', {
      deps: { rateLimit: { max: 100_000 } },
      env: { CALL_RATE_LIMIT_PER_MINUTE: '100000' },
    });
    f = await createBoardFixture(t.app, t.database.db);
    await setUpStations(
      t.database.db,
      f,
      [
        { id: 'kitchen', name: 'Kitchen', printer: kitchen.address },
        { id: 'bar', name: 'Bar', printer: bar.address },
      ],
      'placed',
    );
    await t.database.db
      .update(venues)
      .set({ spots: Array.from({ length: 30 }, (_, i) => String(i + 1)) })
      .where(eq(venues.id, f.v.venue.id));
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    localUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'carte-kitchen-'));
    child = await startServerProcess(t.database.url!, dataDir);
    childUrl = child.url;
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await child?.stop();
    await t?.close();
    await kitchen?.close();
    await bar?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const send = async (url: string, method: string, body: Record<string, unknown>, headers = {}) => {
    const res = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as { data: unknown } };
  };

  it('prints each order’s ticket exactly once per station, whichever process took it', async () => {
    const count = 30;
    const sentAt = new Map<number, number>();
    const placed = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const at = Date.now();
        const res = await send(`${i % 2 ? childUrl : localUrl}/api/order`, 'POST', tableOrderBody(f.v));
        expect(res.status).toBe(200);
        const order = res.json.data as PublicOrder;
        sentAt.set(order.number, at);
        return order;
      }),
    );
    const k = await kitchen.waitForTickets(count, 60_000);
    const b = await bar.waitForTickets(count, 60_000);
    // Every ticket printed, each claimed once (one attempt): no process sent one twice.
    let rows = await t.database.db.select().from(orderTickets).where(eq(orderTickets.venueId, f.v.venue.id));
    for (let i = 0; i < 200 && rows.some((r) => r.status !== 'printed'); i++) {
      await new Promise((r) => setTimeout(r, 50));
      rows = await t.database.db.select().from(orderTickets).where(eq(orderTickets.venueId, f.v.venue.id));
    }
    expect(rows).toHaveLength(count * 2);
    expect(rows.every((r) => r.status === 'printed' && r.attempts === 1)).toBe(true);
    expect(new Set(rows.map((r) => r.claimedBy)).size).toBeGreaterThanOrEqual(1);
    expect(kitchen.tickets).toHaveLength(count);
    expect(bar.tickets).toHaveLength(count);
    const numbers = placed.map((o) => o.number).sort((x, y) => x - y);
    expect(k.map((x) => readTicket(x).number).sort((x, y) => x - y)).toEqual(numbers);
    expect(b.map((x) => readTicket(x).number).sort((x, y) => x - y)).toEqual(numbers);
    expect(sentAt.size).toBe(count);
  });

  it('order placed -> ticket received, one order at a time on either process (the figure)', async () => {
    const latencies: number[] = [];
    for (let i = 0; i < 20; i++) {
      const seen = { k: kitchen.tickets.length, b: bar.tickets.length };
      const at = Date.now();
      const res = await send(`${i % 2 ? childUrl : localUrl}/api/order`, 'POST', tableOrderBody(f.v));
      expect(res.status).toBe(200);
      const number = (res.json.data as PublicOrder).number;
      const [k] = (await kitchen.waitForTickets(seen.k + 1, 30_000)).slice(seen.k);
      const [b] = (await bar.waitForTickets(seen.b + 1, 30_000)).slice(seen.b);
      expect(readTicket(k!).number).toBe(number);
      expect(readTicket(b!).number).toBe(number);
      latencies.push(k!.receivedAt - at, b!.receivedAt - at);
    }
    console.info(
      `order placed -> ticket received (40 tickets, two processes, PostgreSQL): ` +
        `p50 ${percentile(latencies, 50)} ms, p95 ${percentile(latencies, 95)} ms`,
    );
  });

  it('a call from the table made on one process is on the other’s board, and its acknowledgement back', async () => {
    const board = await openSse(`${localUrl}/api/venue/orders/stream?venueId=${f.v.venue.id}`, f.headers('manager'));
    streams.push(board);
    expect(board.status).toBe(200);
    await board.waitForComment((c) => c === 'connected');
    const childBoard = await openSse(`${childUrl}/api/venue/orders/stream?venueId=${f.v.venue.id}`, f.headers('owner'));
    streams.push(childBoard);
    await childBoard.waitForComment((c) => c === 'connected');

    const latencies: number[] = [];
    for (let i = 0; i < 20; i++) {
      const sent = performance.now();
      const res = await send(`${childUrl}/api/table/call`, 'POST', {
        venueUrl: f.v.venue.venueUrl,
        spot: String(i + 1),
        kind: i % 2 ? 'bill' : 'waiter',
      });
      expect(res.status).toBe(201);
      const call = res.json.data as TableCall;
      const seen = await board.waitFor(
        (e) => e.event === 'call.created' && (JSON.parse(e.data) as TableCall).id === call.id,
        5000,
      );
      latencies.push(seen.at - sent);
      expect(JSON.parse(seen.data)).toMatchObject({ spot: String(i + 1), status: 'open' });
    }
    console.info(
      `call -> board of the other process (20 calls): p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(latencies, 95).toFixed(1)} ms`,
    );

    const calls = await fetch(`${localUrl}/api/venue/calls?venueId=${f.v.venue.id}`, { headers: f.headers('manager') });
    const open = ((await calls.json()) as { data: { calls: TableCall[] } }).data.calls;
    const first = open.find((c) => c.spot === '1')!;
    const ack = await send(
      `${localUrl}/api/table/call`,
      'PATCH',
      { id: first.id, status: 'acknowledged' },
      f.headers('manager'),
    );
    expect(ack.status).toBe(200);
    await childBoard.waitFor(
      (e) => e.event === 'call.updated' && (JSON.parse(e.data) as TableCall).status === 'acknowledged',
      5000,
    );
    const guest = await fetch(`${childUrl}/api/table/call?id=${first.id}`);
    expect(((await guest.json()) as { data: TableCall }).data.status).toBe('acknowledged');
  });
});
