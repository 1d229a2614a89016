import type { PublicOrder, TableCall } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders } from '../src/db/schema.ts';
import { CALLS_PER_TABLE } from '../src/modules/table-calls/table-calls.service.ts';
import { startFakePrinter, type FakePrinter } from './fake-escpos-printer.ts';
import { readTicket, setUpStations } from './kitchen-fixtures.ts';
import { createBoardFixture, placeOrder, tableOrderBody, type BoardFixture } from './order-board-fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { dbKinds } from './test-db.ts';

/** Orders taken by staff and calls from the table (issue 18 items 4 and 5, architecture 4.12). */
describe.each(dbKinds)('orders taken by staff, calls from the table (%s)', (kind) => {
  let t: TestApp;
  let f: BoardFixture;
  let kitchen: FakePrinter;

  beforeAll(async () => {
    kitchen = await startFakePrinter();
    t = await createTestApp(kind, { deps: { kitchen: { pollMs: 50, sendTimeoutMs: 1000 } } });
    f = await createBoardFixture(t.app, t.database.db);
    await setUpStations(t.database.db, f, [
      { id: 'kitchen', name: 'Kitchen', printer: kitchen.address },
      { id: 'bar', name: 'Bar' },
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await kitchen?.close();
  });

  const post = (url: string, payload: Record<string, unknown>, who: 'manager' | 'otherManager' | 'none' = 'manager') =>
    t.app.inject({ method: 'POST', url, payload, headers: f.headers(who) });

  it('a line carrying a price is refused, naming it: prices are never sent, nothing is written', async () => {
    const count = async () => (await t.database.db.select().from(orders)).length;
    const before = await count();
    const res = await post('/api/venue/order', {
      venueId: f.v.venue.id,
      spot: 'Terrace A',
      items: [{ productId: f.v.product.water, variationIds: [], quantity: 1, price: 0.01 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      issues: [{ path: 'items[0]', code: 'unrecognized_keys', params: { keys: ['price'] } }],
    });
    expect(await count()).toBe(before);
  });

  it('a waiter’s order is priced by the server and prints at once', async () => {
    const before = kitchen.tickets.length;
    const res = await post('/api/venue/order', {
      venueId: f.v.venue.id,
      spot: 'Terrace A',
      items: [
        { productId: f.v.product.pizza, variationIds: [f.v.variation['pizza.extra']], quantity: 2 },
        { productId: f.v.product.water, variationIds: [], quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = (res.json() as { data: PublicOrder }).data;
    // Margherita 10.10 + extra cheese 0.20, twice; water 2.50.
    expect(order.items.map((i) => [i.name, i.unit_price, i.total])).toEqual([
      ['Margherita', 10.3, 20.6],
      ['Water', 2.5, 2.5],
    ]);
    expect(order.total).toBe(23.1);
    expect(order.status).toBe('accepted');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.source).toBe('staff');
    const [ticket] = (await kitchen.waitForTickets(before + 1)).slice(before);
    const printed = readTicket(ticket!);
    expect(printed.number).toBe(order.number);
    expect(printed.text).toContain('Table Terrace A');
    expect(printed.text).toContain('(Waiter)');
  });

  it('refuses a waiter’s order with the guests’ rules: unknown table, unknown dish, bad quantity', async () => {
    const body = (over: Record<string, unknown>) => ({
      venueId: f.v.venue.id,
      spot: '1',
      items: [{ productId: f.v.product.pizza, variationIds: [], quantity: 1 }],
      ...over,
    });
    expect((await post('/api/venue/order', body({ spot: 'Roof' }))).json()).toMatchObject({ code: 'INVALID_SPOT' });
    const other = await post(
      '/api/venue/order',
      body({ items: [{ productId: f.other.product.pizza, variationIds: [], quantity: 1 }] }),
    );
    expect(other.statusCode).toBe(422);
    expect(
      (
        await post(
          '/api/venue/order',
          body({ items: [{ productId: f.v.product.pizza, variationIds: [], quantity: 0 }] }),
        )
      ).statusCode,
    ).toBe(400);
    expect((await post('/api/venue/order', body({}), 'otherManager')).statusCode).toBe(403);
  });

  it('adds a round to a table’s open order, priced by the server, printed as its own ticket', async () => {
    const order = await placeOrder(t.app, tableOrderBody(f.v));
    const first = kitchen.tickets.length;
    const accept = await t.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      headers: f.headers('manager'),
      payload: { orderId: order.id, status: 'accepted' },
    });
    expect(accept.statusCode).toBe(200);
    // The first round's ticket, then the second's.
    await kitchen.waitForTickets(first + 1);
    const before = first + 1;
    const res = await post('/api/venue/order/items', {
      orderId: order.id,
      items: [{ productId: f.v.product.burrata, variationIds: [], quantity: 3 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = (res.json() as { data: PublicOrder }).data;
    expect(updated.items).toHaveLength(3);
    const added = updated.items[2]!;
    expect(added.quantity).toBe(3);
    expect(updated.total).toBe(Math.round((order.total + added.total) * 100) / 100);
    const printed = (await kitchen.waitForTickets(before + 1)).slice(before).map(readTicket);
    const round = printed.find((p) => p.number === order.number && p.text.includes('Burrata'))!;
    expect(round.station).toBe('KITCHEN +1');
    expect(round.text).not.toContain('Margherita');
  });

  it('marks an order paid at the venue with its method, once', async () => {
    const order = await placeOrder(t.app, tableOrderBody(f.v));
    const bad = await post('/api/order/paid', { orderId: order.id, method: 'bitcoin' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('method');
    const res = await post('/api/order/paid', { orderId: order.id, method: 'card_terminal' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: PublicOrder }).data.payment_status).toBe('paid');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.paidMethod).toBe('card_terminal');
    const history = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(history.find((e) => e.kind === 'payment')).toMatchObject({ toStatus: 'paid', reason: 'card_terminal' });
    expect((await post('/api/order/paid', { orderId: order.id, method: 'cash' })).json()).toMatchObject({
      code: 'ORDER_ALREADY_PAID',
    });
    // A paid order takes no further round.
    const round = await post('/api/venue/order/items', {
      orderId: order.id,
      items: [{ productId: f.v.product.water, variationIds: [], quantity: 1 }],
    });
    expect(round.json()).toMatchObject({ code: 'ORDER_NOT_OPEN' });
  });

  it('a guest calls the waiter: one open call per table, acknowledged by staff, seen by the guest', async () => {
    const call = async (spot: string, kind = 'waiter') =>
      t.app.inject({ method: 'POST', url: '/api/table/call', payload: { venueUrl: f.v.venue.venueUrl, spot, kind } });
    const first = await call('1');
    expect(first.statusCode, first.body).toBe(201);
    const created = (first.json() as { data: TableCall }).data;
    expect(created).toMatchObject({ spot: '1', kind: 'waiter', status: 'open' });
    expect((await call('1', 'bill')).json()).toMatchObject({ success: false, code: 'CALL_OPEN' });
    expect((await call('Roof')).json()).toMatchObject({ code: 'INVALID_SPOT' });
    expect((await call('1', 'dance')).statusCode).toBe(400);
    const board = await t.app.inject({
      method: 'GET',
      url: `/api/venue/calls?venueId=${f.v.venue.id}`,
      headers: f.headers('manager'),
    });
    expect((board.json() as { data: { calls: TableCall[] } }).data.calls.map((c) => c.id)).toContain(created.id);
    const ack = await t.app.inject({
      method: 'PATCH',
      url: '/api/table/call',
      headers: f.headers('manager'),
      payload: { id: created.id, status: 'acknowledged' },
    });
    expect(ack.statusCode).toBe(200);
    const seen = await t.app.inject({ method: 'GET', url: `/api/table/call?id=${created.id}` });
    expect((seen.json() as { data: TableCall }).data.status).toBe('acknowledged');
    const other = await t.app.inject({
      method: 'PATCH',
      url: '/api/table/call',
      headers: f.headers('otherManager'),
      payload: { id: created.id, status: 'done' },
    });
    expect(other.statusCode).toBe(403);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/table/call',
      headers: f.headers('manager'),
      payload: { id: created.id, status: 'done' },
    });
    expect((await call('1', 'bill')).statusCode).toBe(201);
  });

  it('limits the calls of one table', async () => {
    const spot = '2';
    const codes: number[] = [];
    for (let i = 0; i < CALLS_PER_TABLE + 1; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/table/call',
        payload: { venueUrl: f.v.venue.venueUrl, spot, kind: 'waiter' },
        // Each from its own address: the per-client limit is not what is tested here.
        remoteAddress: `10.0.0.${i + 1}`,
      });
      codes.push(res.statusCode);
      const id = (res.json() as { data?: TableCall }).data?.id;
      if (id) {
        await t.app.inject({
          method: 'PATCH',
          url: '/api/table/call',
          headers: f.headers('manager'),
          payload: { id, status: 'done' },
        });
      }
    }
    expect(codes.slice(0, CALLS_PER_TABLE).every((c) => c === 201)).toBe(true);
    expect(codes[CALLS_PER_TABLE]).toBe(429);
  });
});
