import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { JoinTableAnswer, TableSession } from '@carte/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVariable } from '../src/env.ts';
import { tableTokensOf } from '../src/modules/table-sessions/table-sessions.service.ts';
import { createBoardFixture, type BoardFixture } from './order-board-fixtures.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { openSse, type SseStream } from './sse-client.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const base = testVariable('TEST_DATABASE_URL');

/**
 * One table, two server processes on one PostgreSQL (issue 20): phones joined through either process
 * share one cart; a change made through one reaches the phones streaming from the other.
 */
describe.skipIf(!base)('a table session across two server processes', () => {
  let t: TestApp;
  let f: BoardFixture;
  let second: ServerProcess;
  let localUrl: string;
  let dataDir: string;
  let token: string;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    t = await createTestApp('postgres', { deps: { rateLimit: { max: 100_000 } } });
    f = await createBoardFixture(t.app, t.database.db);
    token = (await tableTokensOf(t.database.db, f.v.venue.id, f.v.venue.spots)).get('1')!;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    localUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'carte-table-'));
    second = await startServerProcess(t.database.url!, dataDir);
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await second?.stop();
    await t?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async <T>(url: string, method: string, route: string, body?: unknown, secret?: string): Promise<T> => {
    const res = await fetch(`${url}${route}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(secret ? { 'x-table-member': secret } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    expect(res.ok, text).toBe(true);
    return (JSON.parse(text) as { data: T }).data;
  };
  const join = (url: string, name: string) =>
    call<JoinTableAnswer>(url, 'POST', '/api/table/join', { venueUrl: f.v.venue.venueUrl, spot: '1', token, name });
  const stream = async (url: string, secret: string) => {
    const s = await openSse(`${url}/api/table/session/events?member=${encodeURIComponent(secret)}`);
    streams.push(s);
    expect(s.status).toBe(200);
    await s.waitFor((e) => e.event === 'session');
    return s;
  };
  const latest = (s: SseStream) => JSON.parse(s.events[s.events.length - 1]!.data) as TableSession;

  it('two phones on two processes add to one cart and each sees both lines, live', async () => {
    const anna = await join(localUrl, 'Anna');
    const ben = await join(second.url, 'Ben');
    expect(ben.session.id).toBe(anna.session.id);
    const annaStream = await stream(second.url, anna.memberToken);
    const benStream = await stream(localUrl, ben.memberToken);

    await call(
      localUrl,
      'POST',
      '/api/table/cart',
      { productId: f.v.product.pizza, variationIds: [], quantity: 1 },
      anna.memberToken,
    );
    await call(
      second.url,
      'POST',
      '/api/table/cart',
      { productId: f.v.product.water, variationIds: [], quantity: 2 },
      ben.memberToken,
    );

    for (const s of [annaStream, benStream]) {
      await s.waitFor((e) => (JSON.parse(e.data) as TableSession).cart.length === 2, 5000);
      expect(latest(s).cart.map((l) => [l.name, l.quantity, l.addedBy.name])).toEqual([
        ['Margherita', 1, 'Anna'],
        ['Water', 2, 'Ben'],
      ]);
    }
    expect(latest(annaStream).me.name).toBe('Anna');
    expect(latest(benStream).me.name).toBe('Ben');

    // A round sent through one process empties the cart on every phone and shows the bill.
    await call(second.url, 'POST', '/api/table/order', undefined, anna.memberToken);
    for (const s of [annaStream, benStream]) {
      const seen = await s.waitFor((e) => (JSON.parse(e.data) as TableSession).bill !== null, 5000);
      const session = JSON.parse(seen.data) as TableSession;
      expect(session.cart).toEqual([]);
      expect(session.bill?.items.map((i) => [i.name, i.quantity])).toEqual([
        ['Margherita', 1],
        ['Water', 2],
      ]);
    }
  });

  it('phones on both processes adding at once lose no line', async () => {
    const phones = await Promise.all(
      Array.from({ length: 12 }, (_, i) => join(i % 2 ? second.url : localUrl, `Phone ${i + 1}`)),
    );
    const before = (await call<TableSession>(localUrl, 'GET', '/api/table/session', undefined, phones[0]!.memberToken))
      .cart.length;
    await Promise.all(
      phones.map((p, i) =>
        call(
          i % 2 ? localUrl : second.url,
          'POST',
          '/api/table/cart',
          { productId: f.v.product.water, variationIds: [], quantity: 1 },
          p.memberToken,
        ),
      ),
    );
    const after = await call<TableSession>(second.url, 'GET', '/api/table/session', undefined, phones[0]!.memberToken);
    expect(after.cart.length).toBe(before + 12);
  });
});
