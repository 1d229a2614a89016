import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PublicOrder } from '@carte/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVariable } from '../src/env.ts';
import { createBoardFixture, tableOrderBody, type BoardFixture } from './order-board-fixtures.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { openSse, type SseStream } from './sse-client.ts';
import { insertStaffUser, signIn } from './staff-fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const base = testVariable('TEST_DATABASE_URL');

/**
 * Two server processes on one PostgreSQL (architecture 4.8, 7): this test's in-process app and a child
 * process running the real entry point. An order placed on either appears on the other's board
 * stream within a second, through LISTEN/NOTIFY.
 */
describe.skipIf(!base)('two server processes on one PostgreSQL', () => {
  let t: TestApp;
  let f: BoardFixture;
  let child: ServerProcess | undefined;
  let childUrl: string;
  let localUrl: string;
  let dataDir: string;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    t = await createTestApp('postgres', { deps: { rateLimit: { max: 100_000 } } });
    f = await createBoardFixture(t.app, t.database.db);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    localUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'carte-second-'));
    child = await startServerProcess(t.database.url!, dataDir);
    childUrl = child.url;
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await child?.stop();
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const board = async (url: string) => {
    const s = await openSse(`${url}/api/venue/orders/stream?venueId=${f.v.venue.id}`, f.headers('manager'));
    streams.push(s);
    expect(s.status).toBe(200);
    await s.waitForComment((c) => c === 'connected');
    return s;
  };
  const post = async (url: string, body: Record<string, unknown>) => {
    const res = await fetch(`${url}/api/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: PublicOrder }).data;
  };

  it('an order placed on one process is on the other’s board within a second, and back', async () => {
    const remoteBoard = await board(childUrl);
    const localBoard = await board(localUrl);

    const sent = performance.now();
    const placedHere = await post(localUrl, tableOrderBody(f.v));
    const seen = await remoteBoard.waitFor(
      (e) => e.event === 'order.created' && (JSON.parse(e.data) as PublicOrder).id === placedHere.id,
      1000,
    );
    expect(seen.at - sent).toBeLessThan(1000);
    expect(JSON.parse(seen.data)).toEqual(placedHere);

    const sentThere = performance.now();
    const placedThere = await post(childUrl, tableOrderBody(f.v, { spot: '1' }));
    const seenHere = await localBoard.waitFor(
      (e) => e.event === 'order.created' && (JSON.parse(e.data) as PublicOrder).id === placedThere.id,
      1000,
    );
    expect(seenHere.at - sentThere).toBeLessThan(1000);

    // A move made on one process reaches the guest following the order on the other.
    const guest = await openSse(`${childUrl}/api/order/stream?orderId=${placedHere.id}`);
    streams.push(guest);
    await guest.waitFor((e) => e.event === 'order.updated');
    const moved = await t.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      payload: { orderId: placedHere.id, status: 'accepted' },
      headers: f.headers('owner'),
    });
    expect(moved.statusCode).toBe(200);
    const update = await guest.waitFor((e) => (JSON.parse(e.data) as PublicOrder).status === 'accepted', 1000);
    expect(JSON.parse(update.data)).toEqual(moved.json().data);
    await remoteBoard.waitFor((e) => e.event === 'order.updated', 1000);
  });

  it('a board stream on the other process closes within a second of the sign-out and of the removal from the venue', async () => {
    const password = 'a long staff password';
    const openFor = async (email: string) => {
      const account = await insertStaffUser(t.database.db, {
        email,
        password,
        roles: [{ venueId: f.v.venue.id, role: 'manager' }],
      });
      const tokens = await signIn(t.app, email, password);
      const headers = { authorization: `Bearer ${tokens.access_token}` };
      const s = await openSse(`${childUrl}/api/venue/orders/stream?venueId=${f.v.venue.id}`, headers);
      streams.push(s);
      expect(s.status).toBe(200);
      await s.waitForComment((c) => c === 'connected');
      return { account, tokens, headers, s };
    };

    const leaving = await openFor('processes-signout@example.com');
    const t0 = performance.now();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: leaving.headers,
      payload: { mode: 'json', refresh_token: leaving.tokens.refresh_token },
    });
    expect(out.statusCode).toBe(200);
    await leaving.s.waitForEnd(1000);
    console.info(`sign-out: the other process's stream stayed open ${(performance.now() - t0).toFixed(0)} ms`);

    const removed = await openFor('processes-removed@example.com');
    const t1 = performance.now();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/venue/staff?venueId=${f.v.venue.id}&userId=${removed.account.id}`,
      headers: f.headers('owner'),
    });
    expect(res.statusCode).toBe(200);
    await removed.s.waitForEnd(1000);
    console.info(`removal: the other process's stream stayed open ${(performance.now() - t1).toFixed(0)} ms`);
  });
});
