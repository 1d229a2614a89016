import type { PublicOrder } from '@carte/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBoardFixture,
  placeDeliveryOrder,
  placeOrder,
  tableOrderBody,
  type BoardFixture,
} from '../../../test/order-board-fixtures.ts';
import { openSse, type SseStream } from '../../../test/sse-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';

/**
 * The live streams (architecture 4.8) read from a real listening server with fetch, as a browser's
 * EventSource would: the board of a venue and a guest's order.
 */
describe.each(dbKinds)('live order streams on %s', (kind) => {
  let t: TestApp;
  let f: BoardFixture;
  let base: string;
  const open: SseStream[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { rateLimit: { max: 100_000 }, streams: { heartbeatMs: 200 } } });
    f = await createBoardFixture(t.app, t.database.db);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    for (const s of open) s.close();
    const t0 = performance.now();
    await t?.app.close();
    // Every stream was closed by its client and some of them left a spare connection: no wait.
    expect(performance.now() - t0).toBeLessThan(2000);
    await t?.close();
  });

  const sse = async (path: string, headers: Record<string, string> = {}) => {
    const s = await openSse(`${base}${path}`, headers);
    open.push(s);
    return s;
  };
  const board = (headers: Record<string, string> = f.headers('manager'), query = '') =>
    sse(`/api/venue/orders/stream?venueId=${f.v.venue.id}${query}`, headers);
  const move = async (orderId: string, status: string, reason?: string) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      payload: { orderId, status, reason },
      headers: f.headers('owner'),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as PublicOrder;
  };
  const orderOf = (e: { data: string }) => JSON.parse(e.data) as PublicOrder;

  it('refuses the board without a user (401), to another venue’s manager (403), and a bad venue id (400)', async () => {
    const none = await sse(`/api/venue/orders/stream?venueId=${f.v.venue.id}`);
    expect(none.status).toBe(401);
    expect(JSON.parse(none.body)).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const other = await board(f.headers('otherManager'));
    expect(other.status).toBe(403);
    expect(JSON.parse(other.body)).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const bad = await sse('/api/venue/orders/stream?venueId=nope', f.headers('owner'));
    expect(bad.status).toBe(400);
    const badSince = await board(f.headers('owner'), '&since=last-tuesday');
    expect(badSince.status).toBe(400);
    expect(JSON.parse(badSince.body).code).toBe('VALIDATION');
  });

  it('refuses a guest stream for a malformed (400) or unknown (404) order before the stream starts', async () => {
    const malformed = await sse('/api/order/stream?orderId=12345');
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body)).toMatchObject({ success: false, code: 'ORDER_ID_INVALID' });
    const missing = await sse('/api/order/stream');
    expect(missing.status).toBe(400);
    const unknown = await sse('/api/order/stream?orderId=0b7c6a52-3d4e-4f60-8a9b-1c2d3e4f5a6b');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toMatchObject({ success: false, code: 'ORDER_NOT_FOUND' });
  });

  it('the board sees order.created, then order.updated with the whole order; uncompressed, uncached', async () => {
    const s = await board({ ...f.headers('manager'), 'accept-encoding': 'gzip, br' });
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.headers.get('cache-control')).toBe('no-cache');
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    expect(s.headers.get('content-encoding')).toBeNull();
    await s.waitForComment((c) => c === 'connected');

    const placed = await placeOrder(t.app, tableOrderBody(f.v));
    const created = await s.waitFor((e) => e.event === 'order.created' && orderOf(e).id === placed.id);
    expect(orderOf(created)).toEqual(placed);
    expect(created.id).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);

    const accepted = await move(placed.id, 'accepted');
    const updated = await s.waitFor((e) => e.event === 'order.updated' && orderOf(e).status === 'accepted');
    expect(orderOf(updated)).toEqual(accepted);
    expect(updated.id! > created.id!).toBe(true);

    // Another venue's orders never reach this board.
    const theirs = await placeOrder(t.app, tableOrderBody(f.other));
    await move(placed.id, 'preparing');
    await s.waitFor((e) => orderOf(e).status === 'preparing');
    expect(s.events.some((e) => orderOf(e).id === theirs.id)).toBe(false);
    s.close();
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    const s = await board();
    await s.waitForComment((c) => c === 'heartbeat', 2000);
    s.close();
  });

  it('the guest follows the order: its state now, then each change, and nothing of other orders', async () => {
    const order = await placeDeliveryOrder(t.app, f.v);
    const other = await placeOrder(t.app, tableOrderBody(f.v));
    const s = await sse(`/api/order/stream?orderId=${order.id}`);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const first = await s.waitFor((e) => e.event === 'order.updated');
    expect(orderOf(first)).toEqual(order);
    // The venue delivers itself (no courier provider configured): no courier status to show.
    expect(orderOf(first).courier).toBeNull();

    await move(other.id, 'accepted');
    await move(order.id, 'accepted');
    const moved = await s.waitFor((e) => orderOf(e).status === 'accepted');
    expect(orderOf(moved).id).toBe(order.id);
    expect(s.events.every((e) => e.event === 'order.updated' && orderOf(e).id === order.id)).toBe(true);
    s.close();
  });

  it('the guest’s stream brings the reason the staff gave for cancelling', async () => {
    const order = await placeOrder(t.app, tableOrderBody(f.v));
    const s = await sse(`/api/order/stream?orderId=${order.id}`);
    await s.waitFor((e) => e.event === 'order.updated');
    await move(order.id, 'cancelled', 'The kitchen is closed');
    const cancelled = await s.waitFor((e) => orderOf(e).status === 'cancelled');
    expect(orderOf(cancelled).cancel_reason).toBe('The kitchen is closed');
    s.close();
  });

  it('a board reconnecting with Last-Event-ID gets exactly what it missed, once, then live', async () => {
    const s1 = await board();
    await s1.waitForComment((c) => c === 'connected');
    const a = await placeOrder(t.app, tableOrderBody(f.v));
    const seen = await s1.waitFor((e) => orderOf(e).id === a.id);
    s1.close();

    // While the board is away: a new order, and two moves of the one it saw.
    const b = await placeOrder(t.app, tableOrderBody(f.v, { spot: '1' }));
    await move(a.id, 'accepted');
    await move(a.id, 'preparing');

    const s2 = await board({ ...f.headers('manager'), 'last-event-id': seen.id! });
    const gotA = await s2.waitFor((e) => orderOf(e).id === a.id);
    const gotB = await s2.waitFor((e) => orderOf(e).id === b.id);
    expect(orderOf(gotA).status).toBe('preparing');
    expect(gotA.event).toBe('order.updated');
    expect(gotB.event).toBe('order.created');
    // Live again, and nothing twice: each change of the gap came once.
    await move(b.id, 'accepted');
    await s2.waitFor((e) => orderOf(e).id === b.id && orderOf(e).status === 'accepted');
    const versions = s2.events.map((e) => `${orderOf(e).id}:${orderOf(e).updated_at}:${orderOf(e).status}`);
    expect(new Set(versions).size).toBe(versions.length);
    expect(s2.events.filter((e) => orderOf(e).id === a.id)).toHaveLength(1);
    // Each id is the stream's cursor: it never goes back.
    const ids = s2.events.map((e) => e.id!);
    expect([...ids].sort()).toEqual(ids);

    // The same with `since` in the URL (the cursor of the list answer) and nothing missed: nothing sent.
    const s3 = await board(f.headers('manager'), `&since=${encodeURIComponent(s2.events.at(-1)!.id!)}`);
    await s3.waitForComment((c) => c === 'connected');
    await new Promise((r) => setTimeout(r, 300));
    expect(s3.events).toEqual([]);
    s2.close();
    s3.close();
  });

  it('an order written within the millisecond it was priced is not new to a board whose cursor is its creation', async () => {
    // The order's date_created is taken in milliseconds before the insert; its creation cursor is the
    // insert's clock in microseconds. When both fall in one millisecond, the board must not ring again.
    const s1 = await board();
    await s1.waitForComment((c) => c === 'connected');
    const a = await placeOrder(t.app, tableOrderBody(f.v));
    const seen = await s1.waitFor((e) => orderOf(e).id === a.id);
    s1.close();
    await t.database.db.execute(
      sql`update orders set date_created = date_trunc('milliseconds', updated_at) where id = ${a.id}::uuid`,
    );
    await move(a.id, 'accepted');
    const s2 = await board({ ...f.headers('manager'), 'last-event-id': seen.id! });
    const gotA = await s2.waitFor((e) => orderOf(e).id === a.id);
    expect(orderOf(gotA).status).toBe('accepted');
    expect(gotA.event).toBe('order.updated');
    s2.close();
  });

  it('a guest reconnecting with Last-Event-ID gets the order again only if it changed', async () => {
    const order = await placeOrder(t.app, tableOrderBody(f.v));
    const s1 = await sse(`/api/order/stream?orderId=${order.id}`);
    const first = await s1.waitFor(() => true);
    s1.close();
    const s2 = await sse(`/api/order/stream?orderId=${order.id}`, { 'last-event-id': first.id! });
    await s2.waitForComment((c) => c === 'connected');
    await new Promise((r) => setTimeout(r, 300));
    expect(s2.events).toEqual([]);
    s2.close();
    await move(order.id, 'cancelled', 'Kitchen closed');
    const s3 = await sse(`/api/order/stream?orderId=${order.id}`, { 'last-event-id': first.id! });
    const again = await s3.waitFor(() => true);
    expect(orderOf(again).status).toBe('cancelled');
    s3.close();
  });
});

describe.each(dbKinds)('live order stream limits and shutdown on %s', (kind) => {
  const start = async (streams?: { perAddress: number }) => {
    const t = await createTestApp(kind, { deps: { streams } });
    const f = await createBoardFixture(t.app, t.database.db);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const order = await placeOrder(t.app, tableOrderBody(f.v));
    return { t, f, base, order, boardUrl: `${base}/api/venue/orders/stream?venueId=${f.v.venue.id}` };
  };

  it('limits open streams per client address; a closed stream frees its place', async () => {
    const { t, f, base, order, boardUrl } = await start({ perAddress: 2 });
    const streams: SseStream[] = [];
    try {
      streams.push(await openSse(boardUrl, f.headers('owner')));
      streams.push(await openSse(`${base}/api/order/stream?orderId=${order.id}`));
      const third = await openSse(boardUrl, f.headers('owner'));
      expect(third.status).toBe(429);
      expect(JSON.parse(third.body)).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      streams[0]!.close();
      await expect
        .poll(async () => {
          const s = await openSse(boardUrl, f.headers('owner'));
          streams.push(s);
          return s.status;
        })
        .toBe(200);
    } finally {
      for (const s of streams) s.close();
      await t.close();
    }
  });

  it('app.close() ends the open streams at once instead of waiting for them', async () => {
    const { t, f, base, order, boardUrl } = await start();
    const boardStream = await openSse(boardUrl, f.headers('owner'));
    const guestStream = await openSse(`${base}/api/order/stream?orderId=${order.id}`);
    try {
      await boardStream.waitForComment((c) => c === 'connected');
      await guestStream.waitFor((e) => e.event === 'order.updated');
      const started = performance.now();
      await t.app.close();
      expect(performance.now() - started).toBeLessThan(2000);
      await boardStream.waitForEnd(1000);
      await guestStream.waitForEnd(1000);
    } finally {
      boardStream.close();
      guestStream.close();
      await t.close();
    }
  });
});
