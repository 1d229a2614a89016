import type { PublicOrder } from '@carte/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders } from '../../db/schema.ts';
import { createInProcessOrderEventBus, type OrderEvent } from '../../events/order-events.ts';
import {
  createBoardFixture,
  placeDeliveryOrder,
  placeOrder,
  tableOrderBody,
  type BoardFixture,
} from '../../../test/order-board-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';

type Who = 'owner' | 'manager' | 'otherManager' | 'none';

describe.each(dbKinds)('orders for the venue on %s', (kind) => {
  let t: TestApp;
  let f: BoardFixture;

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { rateLimit: { max: 100_000 } } });
    f = await createBoardFixture(t.app, t.database.db);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const move = (who: Who, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: '/api/order/status', payload, headers: f.headers(who) });
  const list = (who: Who, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/venue/orders?${query}`, headers: f.headers(who) });
  const history = (orderId: string) =>
    db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.at));
  const row = async (orderId: string) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;

  it('records "placed" when an order is created, and lists it for the venue’s staff with items, options and notes', async () => {
    const placed = await placeOrder(t.app, tableOrderBody(f.v));
    const events = await history(placed.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'status', fromStatus: null, toStatus: 'placed', byUserId: null });

    for (const who of ['owner', 'manager'] as const) {
      const res = await list(who, `venueId=${f.v.venue.id}&status=open`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const data = res.json().data as { orders: PublicOrder[]; cursor: string };
      const seen = data.orders.find((o) => o.id === placed.id)!;
      expect(seen).toMatchObject({
        status: 'placed',
        spot: '2',
        delivery: false,
        payment_status: 'unpaid',
        tip: 0,
        courier: null,
        total: 23.1,
      });
      const pizza = seen.items.find((i) => i.name === 'Margherita')!;
      expect(pizza).toMatchObject({ quantity: 2, notes: 'no basil' });
      expect(pizza.variations.map((v) => v.name)).toEqual(['Extra cheese']);
      expect(data.cursor).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    }
  });

  it('refuses the list without a user (401), to another venue’s manager (403) and with bad filters (400)', async () => {
    expect((await list('none', `venueId=${f.v.venue.id}`)).statusCode).toBe(401);
    const forbidden = await list('otherManager', `venueId=${f.v.venue.id}`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    for (const query of [
      'venueId=not-a-venue',
      `venueId=${f.v.venue.id}&status=eaten`,
      `venueId=${f.v.venue.id}&since=yesterday`,
      `venueId=${f.v.venue.id}&since=2026-13-01T00:00:00Z`,
      `venueId=${f.v.venue.id}&limit=0`,
    ]) {
      const res = await list('owner', query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe('VALIDATION');
    }
  });

  it('moves a table order placed -> accepted -> preparing -> ready -> served, recording who and when', async () => {
    const placed = await placeOrder(t.app, tableOrderBody(f.v));
    let previous = placed.updated_at;
    for (const [status, who] of [
      ['accepted', 'manager'],
      ['preparing', 'manager'],
      ['ready', 'owner'],
      ['served', 'owner'],
    ] as const) {
      const res = await move(who, { orderId: placed.id, status });
      expect(res.statusCode, res.body).toBe(200);
      const order = res.json().data as PublicOrder;
      expect(order).toMatchObject({ id: placed.id, status, number: placed.number, total: placed.total });
      expect(order.updated_at >= previous).toBe(true);
      previous = order.updated_at;
    }
    const events = await history(placed.id);
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [null, 'placed'],
      ['placed', 'accepted'],
      ['accepted', 'preparing'],
      ['preparing', 'ready'],
      ['ready', 'served'],
    ]);
    expect(events.map((e) => e.byUserId)).toEqual([
      null,
      f.accounts.manager.id,
      f.accounts.manager.id,
      f.accounts.owner.id,
      f.accounts.owner.id,
    ]);
    for (let i = 1; i < events.length; i++)
      expect(events[i]!.at.getTime()).toBeGreaterThanOrEqual(events[i - 1]!.at.getTime());
    // A served table order is done: no further move, not even a cancel.
    const again = await move('owner', { orderId: placed.id, status: 'cancelled' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      success: false,
      code: 'INVALID_TRANSITION',
      error: 'This order cannot move to that state.',
    });
  });

  it('moves a delivery order through out_for_delivery to delivered; a table order cannot go out', async () => {
    const order = await placeDeliveryOrder(t.app, f.v);
    // The venue delivers it itself (no courier provider configured): no courier status (issue 16 item 7).
    expect(order.courier).toBeNull();
    expect(order.delivery).toBe(true);
    for (const status of ['accepted', 'preparing', 'ready', 'out_for_delivery', 'delivered']) {
      const res = await move('manager', { orderId: order.id, status });
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
      expect(res.json().data.status).toBe(status);
    }
    expect((await history(order.id)).map((e) => e.toStatus)).toEqual([
      'placed',
      'accepted',
      'preparing',
      'ready',
      'out_for_delivery',
      'delivered',
    ]);

    const table = await placeOrder(t.app, tableOrderBody(f.v));
    for (const status of ['accepted', 'preparing', 'ready'])
      expect((await move('owner', { orderId: table.id, status })).statusCode).toBe(200);
    expect((await move('owner', { orderId: table.id, status: 'out_for_delivery' })).statusCode).toBe(409);
  });

  it('refuses an illegal move with 409 and changes nothing', async () => {
    const placed = await placeOrder(t.app, tableOrderBody(f.v));
    const before = await row(placed.id);
    for (const status of ['ready', 'served', 'delivered', 'placed', 'preparing']) {
      const res = await move('owner', { orderId: placed.id, status });
      expect(res.statusCode, status).toBe(409);
      expect(res.json().code).toBe('INVALID_TRANSITION');
    }
    const after = await row(placed.id);
    expect(after.status).toBe('placed');
    expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());
    expect(await history(placed.id)).toHaveLength(1);
  });

  it('refuses no user (401), another venue’s manager (403), an unknown order (404) and bad input (400), changing nothing', async () => {
    const placed = await placeOrder(t.app, tableOrderBody(f.v));
    const none = await move('none', { orderId: placed.id, status: 'accepted' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('UNAUTHORIZED');
    const other = await move('otherManager', { orderId: placed.id, status: 'accepted' });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('FORBIDDEN');
    const unknown = await move('owner', { orderId: '8d3f0a4e-1111-4c6b-9d7e-2f1a5b6c7d8e', status: 'accepted' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('ORDER_NOT_FOUND');
    for (const payload of [
      { orderId: 'nope', status: 'accepted' },
      { orderId: placed.id, status: 'eaten' },
      { orderId: placed.id },
      { orderId: placed.id, status: 'cancelled', reason: 42 },
      { orderId: placed.id, status: 'cancelled', reason: 'x'.repeat(501) },
    ]) {
      const res = await move('owner', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect((await row(placed.id)).status).toBe('placed');
    expect(await history(placed.id)).toHaveLength(1);
  });

  it('cancels with the reason kept when given, and without one', async () => {
    const a = await placeOrder(t.app, tableOrderBody(f.v));
    const b = await placeOrder(t.app, tableOrderBody(f.v));
    const withReason = await move('manager', { orderId: a.id, status: 'cancelled', reason: '  Out of burrata  ' });
    expect(withReason.statusCode).toBe(200);
    expect(withReason.json().data.status).toBe('cancelled');
    await move('manager', { orderId: b.id, status: 'accepted' });
    expect((await move('manager', { orderId: b.id, status: 'cancelled' })).statusCode).toBe(200);
    expect((await history(a.id)).at(-1)).toMatchObject({ toStatus: 'cancelled', reason: 'Out of burrata' });
    expect((await history(b.id)).at(-1)).toMatchObject({ fromStatus: 'accepted', toStatus: 'cancelled', reason: null });
    // The reason reaches whoever reads the order: the move's answer, the guest's GET /api/order, the board's list.
    expect(withReason.json().data.cancel_reason).toBe('Out of burrata');
    const guest = await t.app.inject({ method: 'GET', url: `/api/order?orderId=${a.id}` });
    expect(guest.json().data).toMatchObject({ status: 'cancelled', cancel_reason: 'Out of burrata' });
    const noReason = await t.app.inject({ method: 'GET', url: `/api/order?orderId=${b.id}` });
    expect(noReason.json().data).toMatchObject({ status: 'cancelled', cancel_reason: null });
    const listed = (await list('manager', `venueId=${f.v.venue.id}&status=cancelled`)).json().data.orders as {
      id: string;
      cancel_reason: string | null;
    }[];
    expect(listed.find((o) => o.id === a.id)?.cancel_reason).toBe('Out of burrata');
    // An order that is not cancelled has none.
    const open = await placeOrder(t.app, tableOrderBody(f.v));
    expect(open.cancel_reason).toBeNull();
  });

  it('two staff moving the same order at once: one wins, the other gets 409', async () => {
    const placed = await placeOrder(t.app, tableOrderBody(f.v));
    const answers = await Promise.all([
      move('owner', { orderId: placed.id, status: 'accepted' }),
      move('manager', { orderId: placed.id, status: 'accepted' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await history(placed.id)).map((e) => e.toStatus)).toEqual(['placed', 'accepted']);
  });

  it('since: only the orders changed after the cursor, newest first; the cursor moves on', async () => {
    const first = await list('owner', `venueId=${f.v.venue.id}`);
    const cursor = first.json().data.cursor as string;
    const quiet = await list('owner', `venueId=${f.v.venue.id}&since=${cursor}`);
    expect(quiet.json().data).toEqual({ orders: [], cursor });

    const a = await placeOrder(t.app, tableOrderBody(f.v));
    const b = await placeOrder(t.app, tableOrderBody(f.v, { spot: '1' }));
    await move('owner', { orderId: a.id, status: 'accepted' });
    const changed = await list('owner', `venueId=${f.v.venue.id}&since=${cursor}`);
    const data = changed.json().data as { orders: PublicOrder[]; cursor: string };
    expect(data.orders.map((o) => o.id)).toEqual([b.id, a.id]);
    expect(data.orders[1]!.status).toBe('accepted');
    expect(data.cursor > cursor).toBe(true);
    expect((await list('owner', `venueId=${f.v.venue.id}&since=${data.cursor}`)).json().data.orders).toEqual([]);
    // The other venue's orders never show.
    const theirs = await placeOrder(t.app, tableOrderBody(f.other));
    const after = await list('owner', `venueId=${f.v.venue.id}&since=${cursor}`);
    expect(after.json().data.orders.map((o: PublicOrder) => o.id)).not.toContain(theirs.id);
    // An order's own updated_at (milliseconds) is accepted as a cursor too.
    const byTime = await list('owner', `venueId=${f.v.venue.id}&since=${encodeURIComponent(a.updated_at)}`);
    expect(byTime.statusCode).toBe(200);
    // Filters combine: only served orders since the cursor.
    const served = await list('owner', `venueId=${f.v.venue.id}&since=${cursor}&status=served,cancelled`);
    expect(served.json().data.orders).toEqual([]);
  });

  it('lists at most `limit` orders, newest first', async () => {
    const res = await list('owner', `venueId=${f.v.venue.id}&limit=2`);
    const got = res.json().data.orders as PublicOrder[];
    expect(got).toHaveLength(2);
    expect(got[0]!.number).toBeGreaterThan(got[1]!.number);
  });
});

describe('the events the orders module publishes', () => {
  it('order.created once per new order (never for an idempotent replay), order.updated per move, none for a refused move', async () => {
    const bus = createInProcessOrderEventBus({ warn: () => {} });
    const got: OrderEvent[] = [];
    bus.subscribe((e) => got.push(e));
    const t = await createTestApp('pglite', { deps: { events: bus } });
    try {
      const f = await createBoardFixture(t.app, t.database.db);
      const body = tableOrderBody(f.v);
      const first = await placeOrder(t.app, body, { 'idempotency-key': 'table-2-once' });
      const replay = await placeOrder(t.app, body, { 'idempotency-key': 'table-2-once' });
      expect(replay.id).toBe(first.id);
      const patch = (status: string) =>
        t.app.inject({
          method: 'PATCH',
          url: '/api/order/status',
          payload: { orderId: first.id, status },
          headers: f.headers('manager'),
        });
      expect((await patch('accepted')).statusCode).toBe(200);
      expect((await patch('served')).statusCode).toBe(409);
      await new Promise((r) => setTimeout(r, 20));
      expect(got).toEqual([
        { type: 'order.created', orderId: first.id, venueId: f.v.venue.id },
        { type: 'order.updated', orderId: first.id, venueId: f.v.venue.id },
      ]);
    } finally {
      await t.close();
      await bus.close();
    }
  });
});
