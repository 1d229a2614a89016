import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { deliveries, deliveryQuotes, orderEvents, orders } from '../../db/schema.ts';
import { parseEnv } from '../../env.ts';
import { createOrderEventBus } from '../../events/create-bus.ts';
import type { OrderEvent, OrderEventBus } from '../../events/order-events.ts';
import { createUberDirectProvider } from '../../providers/delivery/uber-direct.ts';
import { createMemoryStorage } from '../../providers/storage/local-disk.ts';
import { startFakeUberDirect, type FakeUberDirect } from '../../../test/fake-uber-direct.ts';
import { createOrderingVenue, type OrderingVenue } from '../../../test/factories.ts';
import { insertStaffUser, signIn } from '../../../test/staff-fixtures.ts';
import { createTestDatabase, dbKinds, type TestDatabase } from '../../../test/test-db.ts';
import { createCourierService } from './courier.service.ts';

const SECRET = 'uber-webhook-signing-key';
const silent = { info: () => {}, warn: () => {}, error: () => {} };

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(dbKinds)('courier delivery with Uber Direct on %s', (kind) => {
  let fake: FakeUberDirect;
  let app: FastifyInstance;
  let database: TestDatabase;
  let dataDir: string;
  let second: FastifyInstance;
  let bus1: OrderEventBus;
  let bus2: OrderEventBus;
  let v: OrderingVenue;
  const published: OrderEvent[] = [];
  let staffToken: string;

  beforeAll(async () => {
    fake = await startFakeUberDirect();
    dataDir = mkdtempSync(path.join(tmpdir(), 'carte-courier-'));
    database = await createTestDatabase(kind);
    // Two server processes on one database, each subscribed to the order events (PGlite: one
    // in-process bus shared by both; PostgreSQL: a LISTEN connection each, so NOTIFY crosses them).
    bus1 = await createOrderEventBus(database, silent);
    bus2 = kind === 'pglite' ? bus1 : await createOrderEventBus(database, silent);
    const env = parseEnv({
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-dist'),
      QUOTE_RATE_LIMIT_PER_MINUTE: '100000',
      ORDER_RATE_LIMIT_PER_MINUTE: '100000',
      ...fake.env(SECRET),
    });
    app = await buildApp({ env, database, storage: createMemoryStorage(), logger: false, events: bus1 });
    second = await buildApp({ env, database, storage: createMemoryStorage(), logger: false, events: bus2 });
    await Promise.all([app.ready(), second.ready()]);
    bus1.subscribe((e) => published.push(e));
    v = await createOrderingVenue(database.db, {
      currency: 'eur',
      deliveryFeeMinor: null,
      pickupAddress: 'Via Roma 1, 00184 Roma',
      pickupPhone: '+390612345678',
    });
    const manager = await insertStaffUser(database.db, {
      email: `courier-${kind}-${Date.now().toString(36)}@example.com`,
      password: 'a long staff password',
      roles: [{ venueId: v.venue.id, role: 'manager' }],
    });
    staffToken = (await signIn(app, manager.email, manager.password)).access_token;
  });
  afterAll(async () => {
    await second?.close();
    await app?.close();
    await bus1?.close();
    if (bus2 !== bus1) await bus2?.close();
    await database?.close();
    await fake?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.fail = { token: null, quote: null, delivery: null };
    fake.quote = { fee: 799, currency: 'eur' };
  });

  const deliveryInfo = {
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '+393331234567',
    fullAddress: 'Via Appia Nuova 10, 00183 Roma',
    notes: 'Third floor',
  };

  async function quote() {
    return app.inject({
      method: 'POST',
      url: '/api/delivery-quote',
      payload: { venueUrl: v.venue.venueUrl, deliveryAddress: deliveryInfo.fullAddress },
    });
  }

  async function placeDeliveryOrder(): Promise<{ id: string; number: number }> {
    const q = (await quote()).json().data as { fee: number; quoteId: string };
    const res = await app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        venueUrl: v.venue.venueUrl,
        venueId: v.venue.id,
        items: [
          { productId: v.product.pizza, variationIds: [], quantity: 2 },
          { productId: v.product.water, variationIds: [], quantity: 1 },
        ],
        spot: 'delivery',
        delivery: true,
        deliveryCost: q.fee,
        deliveryQuoteId: q.quoteId,
        deliveryInfo,
      },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }

  /** The venue's manager moves the order on the board (PATCH /api/order/status publishes the change). */
  async function staffMoves(orderId: string, ...steps: string[]) {
    for (const status of steps) {
      const res = await app.inject({
        method: 'PATCH',
        url: '/api/order/status',
        headers: { authorization: `Bearer ${staffToken}` },
        payload: { orderId, status },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  const deliveryOf = async (orderId: string) =>
    (await database.db.select().from(deliveries).where(eq(deliveries.orderId, orderId)))[0]!;
  const courierEvents = async (orderId: string) =>
    database.db
      .select({
        kind: orderEvents.kind,
        from: orderEvents.fromStatus,
        to: orderEvents.toStatus,
        reason: orderEvents.reason,
      })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId)))
      .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  const publicOrder = async (orderId: string) =>
    (await app.inject({ method: 'GET', url: `/api/order?orderId=${orderId}` })).json().data;
  const postWebhook = (body: string, signature: string | undefined) =>
    app.inject({
      method: 'POST',
      url: '/api/uber/webhook',
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-uber-signature': signature } : {}) },
      payload: body,
    });

  it('quotes through Uber with the venue pickup and stores the quote id and fee', async () => {
    const before = fake.quoteRequests.length;
    const res = await quote();
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ fee: 7.99, currency: 'eur' });
    expect(fake.quoteRequests.slice(before)).toEqual([
      {
        pickup_address: 'Via Roma 1, 00184 Roma',
        pickup_phone_number: '+390612345678',
        dropoff_address: deliveryInfo.fullAddress,
        external_store_id: v.venue.venueUrl,
      },
    ]);
    const [row] = await database.db.select().from(deliveryQuotes).where(eq(deliveryQuotes.id, data.quoteId));
    expect(row).toMatchObject({ provider: 'uber-direct', feeMinor: 799 });
    expect(row!.providerRef).toMatch(/^dqr_/);
  });

  it.each<[string, () => void, number, string, string]>([
    [
      'Uber failing (500)',
      () => (fake.fail.quote = 500),
      502,
      'PROVIDER_FAILED',
      'Error managing the delivery of your order. Please try again later.',
    ],
    [
      'Uber refusing our credentials',
      () => {
        fake.fail.token = 401;
        fake.revokeTokens();
      },
      502,
      'PROVIDER_FAILED',
      'Error managing the delivery of your order. Please try again later.',
    ],
    [
      'a quote in another currency',
      () => (fake.quote = { fee: 799, currency: 'usd' }),
      500,
      'INVALID_DELIVERY_COST',
      'Invalid delivery cost data received',
    ],
  ])("answers the guest's quote with the spec's message when %s", async (_name, arrange, status, code, error) => {
    arrange();
    const before = (await database.db.select().from(deliveryQuotes)).length;
    const res = await quote();
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ success: false, code, error });
    expect((await database.db.select().from(deliveryQuotes)).length).toBe(before);
  });

  it('books the courier exactly once when the staff accepts, with two processes listening', async () => {
    const order = await placeDeliveryOrder();
    const before = fake.deliveryRequests.length;
    // Placed: not yet.
    await bus1.publish({ type: 'order.created', orderId: order.id, venueId: v.venue.id });
    await new Promise((r) => setTimeout(r, 150));
    expect(fake.deliveryRequests.length).toBe(before);

    await staffMoves(order.id, 'accepted');
    const d = await until(
      () => deliveryOf(order.id),
      (x) => x.providerRef !== null,
    );
    // A later event (the staff moves it on) books nothing more.
    await staffMoves(order.id, 'preparing');
    await new Promise((r) => setTimeout(r, 200));
    const sent = fake.deliveryRequests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      quote_id: expect.stringMatching(/^dqr_/),
      pickup_name: 'Casa Verde',
      pickup_address: 'Via Roma 1, 00184 Roma',
      dropoff_name: 'Ada Lovelace',
      dropoff_address: deliveryInfo.fullAddress,
      dropoff_phone_number: '+393331234567',
      dropoff_notes: 'Third floor',
      manifest_reference: `#${order.number}`,
      manifest_items: [
        { name: 'Margherita', quantity: 2, size: 'small' },
        { name: 'Water', quantity: 1, size: 'small' },
      ],
      external_id: order.id,
    });
    expect(d).toMatchObject({ provider: 'uber-direct', status: 'pending' });
    expect(d.providerRef).toMatch(/^del_/);
    const shown = await publicOrder(order.id);
    expect(shown.courier).toMatchObject({ status: 'pending', trackingUrl: `https://track.example/${d.providerRef}` });
    expect(await courierEvents(order.id)).toContainEqual({
      kind: 'courier',
      from: 'requested',
      to: 'pending',
      reason: null,
    });
  });

  it('records a failed booking for the staff and keeps serving', async () => {
    const order = await placeDeliveryOrder();
    fake.fail.delivery = 500;
    await staffMoves(order.id, 'accepted');
    const d = await until(
      () => deliveryOf(order.id),
      (x) => x.status === 'failed',
    );
    expect(d).toMatchObject({ status: 'failed', providerRef: null });
    const history = await courierEvents(order.id);
    expect(history.at(-1)).toMatchObject({ kind: 'courier', from: 'requested', to: 'failed' });
    expect(history.at(-1)!.reason).toContain('500');
    expect((await publicOrder(order.id)).courier).toMatchObject({ status: 'failed' });
    const venuePage = await app.inject({ method: 'GET', url: `/api/public/venue?venue=${v.venue.venueUrl}` });
    expect(venuePage.statusCode).toBe(200);
  });

  it('books where the venue takes cards once the order is paid, and two dispatchers race for one booking', async () => {
    const order = await placeDeliveryOrder();
    await database.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, order.id));
    const provider = createUberDirectProvider({
      customerId: fake.customerId,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      baseUrl: fake.url,
      authUrl: fake.url,
    });
    const make = (cardPayments: boolean) =>
      createCourierService({
        db: database.db,
        delivery: provider,
        events: { publish: async () => {} },
        cardPayments,
        webhookSecret: SECRET,
        log: silent,
      });
    // Without card payment configured, a paid-but-not-accepted order waits for the staff.
    expect(await make(false).dispatch(order.id)).toBe('skipped');
    const before = fake.deliveryRequests.length;
    const results = await Promise.all([make(true).dispatch(order.id), make(true).dispatch(order.id)]);
    expect(results.sort()).toEqual(['created', 'skipped']);
    expect(fake.deliveryRequests.length - before).toBe(1);
  });

  it('a server that starts books the couriers whose event was lost', async () => {
    const order = await placeDeliveryOrder();
    // Its order.created was handled (nothing due), then it is accepted while no process hears it.
    await new Promise((r) => setTimeout(r, 300));
    await database.db.update(orders).set({ status: 'accepted' }).where(eq(orders.id, order.id));
    await new Promise((r) => setTimeout(r, 100));
    expect((await deliveryOf(order.id)).providerRef).toBeNull();
    const third = await buildApp({
      env: parseEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test', DATA_DIR: dataDir, ...fake.env(SECRET) }),
      database,
      storage: createMemoryStorage(),
      logger: false,
      events: bus1,
    });
    try {
      await third.ready();
      const d = await until(
        () => deliveryOf(order.id),
        (x) => x.providerRef !== null,
      );
      expect(d.providerRef).toMatch(/^del_/);
    } finally {
      await third.close();
    }
  });

  describe('status webhooks', () => {
    let order: { id: string; number: number };
    let deliveryId: string;
    beforeAll(async () => {
      order = await placeDeliveryOrder();
      await staffMoves(order.id, 'accepted');
      deliveryId = (
        await until(
          () => deliveryOf(order.id),
          (x) => x.providerRef !== null,
        )
      ).providerRef!;
    });

    it.each<[string, (body: string, good: string) => string | undefined]>([
      ['a forged signature', () => 'f'.repeat(64)],
      ['a signature of another body', (_b, good) => good.replace(/^./, (c) => (c === '0' ? '1' : '0'))],
      ['no signature', () => undefined],
      ['a signature that is no hex', () => 'not-a-signature'],
    ])('refuses %s and changes nothing', async (_name, sign) => {
      const w = fake.webhook(SECRET, deliveryId, 'delivered');
      const before = await deliveryOf(order.id);
      const res = await postWebhook(w.body, sign(w.body, w.signature));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'WEBHOOK_SIGNATURE_INVALID' });
      expect((await deliveryOf(order.id)).status).toBe(before.status);
      // The event id was not burnt: the genuine one still applies later.
    });

    it('follows the courier: pickup, out for delivery, delivered; each event once; never backwards', async () => {
      const pickup = fake.webhook(SECRET, deliveryId, 'pickup', {
        courier: {
          name: 'Marco',
          phone_number: '+393470000000',
          vehicle_type: 'bicycle',
          location: { lat: 41.9, lng: 12.5 },
        },
      });
      published.length = 0;
      let res = await postWebhook(pickup.body, pickup.signature);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ received: true, applied: true });
      expect(await deliveryOf(order.id)).toMatchObject({
        status: 'pickup',
        courier: { name: 'Marco', phone: '+393470000000', vehicle: 'bicycle', location: { lat: 41.9, lng: 12.5 } },
      });
      expect((await publicOrder(order.id)).courier).toMatchObject({ status: 'pickup', name: 'Marco' });
      await until(
        async () => published.length,
        (n) => n > 0,
      );
      expect(published).toContainEqual({ type: 'order.updated', orderId: order.id, venueId: v.venue.id });

      // Replayed: applied once.
      res = await postWebhook(pickup.body, pickup.signature);
      expect(res.json().data).toEqual({ received: true, applied: false });
      expect((await courierEvents(order.id)).filter((e) => e.to === 'pickup')).toHaveLength(1);

      // The kitchen is still cooking: the courier cannot move an order that is not ready.
      const early = fake.webhook(SECRET, deliveryId, 'pickup_complete');
      await postWebhook(early.body, early.signature);
      expect((await publicOrder(order.id)).status).toBe('accepted');
      expect((await deliveryOf(order.id)).status).toBe('pickup_complete');

      await staffMoves(order.id, 'preparing', 'ready');
      const dropoff = fake.webhook(SECRET, deliveryId, 'dropoff');
      await postWebhook(dropoff.body, dropoff.signature);
      expect((await publicOrder(order.id)).status).toBe('out_for_delivery');

      // A late 'pickup' (out of order) does not take the courier back.
      const late = fake.webhook(SECRET, deliveryId, 'pickup');
      expect((await postWebhook(late.body, late.signature)).statusCode).toBe(200);
      expect((await deliveryOf(order.id)).status).toBe('dropoff');

      // A courier location update: stored, the order unchanged.
      const moving = fake.webhook(SECRET, deliveryId, 'dropoff', {
        kind: 'event.courier_update',
        location: { lat: 41.88, lng: 12.51 },
        courier: { name: 'Marco', phone_number: '+393470000000' },
      });
      await postWebhook(moving.body, moving.signature);
      expect((await deliveryOf(order.id)).courier).toMatchObject({ location: { lat: 41.88, lng: 12.51 } });

      const done = fake.webhook(SECRET, deliveryId, 'delivered');
      await postWebhook(done.body, done.signature);
      const final = await publicOrder(order.id);
      expect(final.status).toBe('delivered');
      expect(final.courier.status).toBe('delivered');

      const history = await courierEvents(order.id);
      expect(history.filter((e) => e.kind === 'status').map((e) => [e.from, e.to])).toEqual([
        [null, 'placed'],
        ['placed', 'accepted'],
        ['accepted', 'preparing'],
        ['preparing', 'ready'],
        ['ready', 'out_for_delivery'],
        ['out_for_delivery', 'delivered'],
      ]);
      expect(history.filter((e) => e.reason?.startsWith('courier')).map((e) => e.reason)).toEqual([
        'courier: dropoff',
        'courier: delivered',
      ]);
      expect(history.filter((e) => e.kind === 'courier').map((e) => e.to)).toEqual([
        'pending',
        'pickup',
        'pickup_complete',
        'dropoff',
        'delivered',
      ]);
    });

    it('walks a ready order through out_for_delivery when only "delivered" arrives', async () => {
      const o = await placeDeliveryOrder();
      await staffMoves(o.id, 'accepted');
      const ref = (
        await until(
          () => deliveryOf(o.id),
          (x) => x.providerRef !== null,
        )
      ).providerRef!;
      await staffMoves(o.id, 'preparing', 'ready');
      const done = fake.webhook(SECRET, ref, 'delivered');
      await postWebhook(done.body, done.signature);
      expect((await publicOrder(o.id)).status).toBe('delivered');
    });

    it('answers 200 and changes nothing for an event about a delivery it does not know', async () => {
      const w = fake.webhook(SECRET, 'del_unknown', 'delivered');
      const res = await postWebhook(w.body, w.signature);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ received: true, applied: false });
    });
  });
});
