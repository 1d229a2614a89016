import { setTimeout as sleep } from 'node:timers/promises';
import type { PublicOrder } from '@carte/domain';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema.ts';
import { testVariable } from '../env.ts';
import { createBoardFixture, placeOrder, tableOrderBody, type BoardFixture } from '../../test/order-board-fixtures.ts';
import { openSse } from '../../test/sse-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { createOrderEventBus } from './create-bus.ts';
import {
  createInProcessOrderEventBus,
  decodeOrderEvent,
  encodeOrderEvent,
  type OrderEvent,
  type OrderEventBus,
} from './order-events.ts';
import { createPgOrderEventBus } from './pg-listener.ts';

const ORDER = '0b7c6a52-3d4e-4f60-8a9b-1c2d3e4f5a6b';
const VENUE = '5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c';
const quiet = { warn: () => {}, info: () => {} };

describe('order event payloads', () => {
  it('round-trips {type, orderId, venueId} and ignores anything else on the channel', () => {
    const event: OrderEvent = { type: 'order.created', orderId: ORDER, venueId: VENUE };
    expect(JSON.parse(encodeOrderEvent(event))).toEqual(event);
    expect(decodeOrderEvent(encodeOrderEvent(event))).toEqual(event);
    expect(decodeOrderEvent(JSON.stringify({ ...event, orderId: ORDER.toUpperCase() }))).toEqual(event);
    for (const bad of [
      undefined,
      '',
      'hello',
      '[]',
      JSON.stringify({ ...event, type: 'order.deleted' }),
      JSON.stringify({ ...event, orderId: 'x' }),
      JSON.stringify({ type: event.type, orderId: ORDER }),
    ]) {
      expect(decodeOrderEvent(bad), String(bad)).toBeNull();
    }
  });
});

describe('the in-process bus (PGlite)', () => {
  it('delivers after the publisher’s turn, to every subscriber, despite one that throws; unsubscribe stops it', async () => {
    const bus = createInProcessOrderEventBus(quiet);
    const got: string[] = [];
    bus.subscribe(() => {
      throw new Error('a broken subscriber');
    });
    const off = bus.subscribe((e) => got.push(`a:${e.type}`));
    bus.subscribe((e) => got.push(`b:${e.type}`));
    await bus.publish({ type: 'order.created', orderId: ORDER, venueId: VENUE });
    expect(got).toEqual([]); // not inside the publisher's call
    await sleep(5);
    expect(got).toEqual(['a:order.created', 'b:order.created']);
    off();
    await bus.publish({ type: 'order.updated', orderId: ORDER, venueId: VENUE });
    await sleep(5);
    expect(got).toEqual(['a:order.created', 'b:order.created', 'b:order.updated']);
    await bus.close();
    await bus.publish({ type: 'order.updated', orderId: ORDER, venueId: VENUE });
    await sleep(5);
    expect(got).toHaveLength(3);
  });
});

const base = testVariable('TEST_DATABASE_URL');

describe.skipIf(!base)('the PostgreSQL bus', () => {
  let database: TestDatabase;
  let admin: pg.Client;
  const buses: OrderEventBus[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    admin = new pg.Client({ connectionString: base });
    await admin.connect();
  });
  afterAll(async () => {
    for (const b of buses) await b.close();
    await admin?.end();
    await database?.close();
  });

  const listenerPids = async () =>
    (
      await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = $1 and query ilike 'listen %'`,
        [new URL(database.url!).pathname.slice(1)],
      )
    ).rows.map((r) => r.pid);

  it('carries events between two buses (two processes) on one database, as NOTIFY on carte_orders', async () => {
    const a = await createOrderEventBus(database, quiet);
    const b = await createOrderEventBus(database, quiet);
    buses.push(a, b);
    expect(a.kind).toBe('postgres');
    const gotA: OrderEvent[] = [];
    const gotB: OrderEvent[] = [];
    a.subscribe((e) => gotA.push(e));
    b.subscribe((e) => gotB.push(e));
    const event: OrderEvent = { type: 'order.updated', orderId: ORDER, venueId: VENUE };
    await a.publish(event);
    await expect.poll(() => gotB).toEqual([event]);
    await expect.poll(() => gotA).toEqual([event]); // the publishing process hears its own events too
    // A stranger's NOTIFY on the channel is ignored.
    await admin.query(`select pg_notify('carte_orders', 'not an event')`);
    await b.publish(event);
    await expect.poll(() => gotA).toHaveLength(2);
    expect(gotA.every((e) => e.orderId === ORDER)).toBe(true);
  });

  it('survives its connection being cut: reconnects, listens again and asks subscribers to catch up', async () => {
    const bus = await createPgOrderEventBus(database, quiet);
    buses.push(bus);
    const got: OrderEvent[] = [];
    let resyncs = 0;
    bus.subscribe((e) => got.push(e), { onResync: () => resyncs++ });
    const before = await listenerPids();
    expect(before.length).toBeGreaterThan(0);
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [before]);
    await expect.poll(() => bus.isListening(), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => bus.isListening(), { timeout: 10_000 }).toBe(true);
    expect(resyncs).toBeGreaterThanOrEqual(1);
    const event: OrderEvent = { type: 'order.created', orderId: ORDER, venueId: VENUE };
    await bus.publish(event);
    await expect.poll(() => got).toContainEqual(event);
  });
});

describe.skipIf(!base)('a board stream while the listening connection is cut', () => {
  let t: TestApp;
  let f: BoardFixture;
  let url: string;
  let admin: pg.Client;
  beforeAll(async () => {
    t = await createTestApp('postgres', { deps: { rateLimit: { max: 100_000 } } });
    f = await createBoardFixture(t.app, t.database.db);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    admin = new pg.Client({ connectionString: base });
    await admin.connect();
  });
  afterAll(async () => {
    await t?.close();
    await admin?.end();
  });

  it('catches up from the database after the reconnect: a change nobody announced reaches the board', async () => {
    const order = await placeOrder(t.app, tableOrderBody(f.v));
    const board = await openSse(`${url}/api/venue/orders/stream?venueId=${f.v.venue.id}`, f.headers('manager'));
    try {
      await board.waitForComment((c) => c === 'connected');
      // A change written without an event (as if its NOTIFY were lost): the board cannot know yet.
      await t.database.db
        .update(orders)
        .set({ status: 'accepted', updatedAt: sql`clock_timestamp()` })
        .where(eq(orders.id, order.id));
      await sleep(300);
      expect(board.events).toEqual([]);
      // The listening connection breaks; the process keeps serving and reconnects.
      const dbName = new URL(t.database.url!).pathname.slice(1);
      const cut = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'listen %'`,
        [dbName],
      );
      expect(cut.rowCount).toBeGreaterThan(0);
      const caught = await board.waitFor((e) => (JSON.parse(e.data) as PublicOrder).id === order.id, 10_000);
      expect((JSON.parse(caught.data) as PublicOrder).status).toBe('accepted');
      // And live again.
      const next = await placeOrder(t.app, tableOrderBody(f.v));
      await board.waitFor((e) => e.event === 'order.created' && (JSON.parse(e.data) as PublicOrder).id === next.id);
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      board.close();
    }
  });
});
