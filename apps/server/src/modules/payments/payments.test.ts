import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderEvents, orders, payments, venues, webhookEvents } from '../../db/schema.ts';
import { createOrderingVenue, type OrderingVenue } from '../../../test/factories.ts';
import { startFakeStripeServer, type FakeStripeServer } from '../../../test/fake-stripe-server.ts';
import { insertStaffUser, signIn } from '../../../test/staff-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';
import { createInProcessOrderEventBus, type OrderEvent } from '../../events/order-events.ts';
import { STRIPE_API_VERSION } from '../../providers/payment/index.ts';
import { createMetrics } from '../../metrics/metrics.ts';

const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 2000, interval: 10 });
const SECRET_KEY = 'sk_test_carte_fake';
const PUBLISHABLE_KEY = 'pk_test_carte_fake';
const WEBHOOK_SECRET = 'whsec_carte_fake_secret';

describe.each(dbKinds)('card payment on %s', (kind) => {
  let t: TestApp;
  let offline: TestApp;
  let fake: FakeStripeServer;
  let v: OrderingVenue;
  let noCards: OrderingVenue;
  let other: OrderingVenue;
  let managerAuth: Record<string, string>;
  let otherAuth: Record<string, string>;
  const published: OrderEvent[] = [];
  const metrics = createMetrics();
  const paidCount = async () =>
    (await metrics.payments.get()).values.find((m) => m.labels.status === 'paid')?.value ?? 0;

  beforeAll(async () => {
    fake = await startFakeStripeServer({ secretKey: SECRET_KEY });
    const bus = createInProcessOrderEventBus({ warn: () => {} });
    bus.subscribe((event) => published.push(event));
    t = await createTestApp(kind, {
      env: {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: fake.baseUrl,
        STRIPE_JS_URL: fake.scriptUrl,
      },
      deps: { rateLimit: { max: 100_000 }, events: bus, metrics },
    });
    offline = await createTestApp('pglite');
    v = await createOrderingVenue(t.database.db);
    noCards = await createOrderingVenue(t.database.db, { cardPayment: false });
    other = await createOrderingVenue(t.database.db);
    const password = 'a long staff password';
    const manager = await insertStaffUser(t.database.db, {
      email: `pay-manager-${kind}@example.com`,
      password,
      roles: [{ venueId: v.venue.id, role: 'manager' }],
    });
    const stranger = await insertStaffUser(t.database.db, {
      email: `pay-other-${kind}@example.com`,
      password,
      roles: [{ venueId: other.venue.id, role: 'owner' }],
    });
    managerAuth = { authorization: `Bearer ${(await signIn(t.app, manager.email, password)).access_token}` };
    otherAuth = { authorization: `Bearer ${(await signIn(t.app, stranger.email, password)).access_token}` };
  });
  afterAll(async () => {
    await t?.close();
    await offline?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  const db = () => t.database.db;
  const placeOrder = async (venue: OrderingVenue = v, app: TestApp = t) => {
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        venueUrl: venue.venue.venueUrl,
        venueId: venue.venue.id,
        // 2 x 10.10 + 11.50 = 31.70
        items: [
          { productId: venue.product.pizza, variationIds: [], quantity: 2 },
          { productId: venue.product.burrata, variationIds: [], quantity: 1 },
        ],
        spot: '1',
        delivery: false,
      },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as { id: string; total: number };
  };
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, app: TestApp = t) =>
    app.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });
  const createIntent = (payload: Record<string, unknown>) => post('/api/order/create-intent', payload);
  const confirm = (payload: Record<string, unknown>) => post('/api/order/confirm-payment', payload);
  const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  const paymentEvents = async (id: string) =>
    db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, id), eq(orderEvents.kind, 'payment')))
      .orderBy(orderEvents.at);
  const webhook = (
    event: ReturnType<FakeStripeServer['event']>,
    opts: { secret?: string; timestamp?: number } = {},
  ) => {
    const body = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: body,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': fake.sign(body, opts.secret ?? WEBHOOK_SECRET, opts.timestamp),
      },
    });
  };
  const intentFor = async (tipPercent = 0) => {
    const order = await placeOrder();
    const res = await createIntent({ orderId: order.id, tipPercent });
    expect(res.statusCode).toBe(200);
    return { order, intent: res.json().data as { paymentId: string; amount: number; tip: number } };
  };

  it('the public venue offers cards only where the venue allows them and keys are configured', async () => {
    const venue = async (app: TestApp, url: string) =>
      (await app.app.inject({ method: 'GET', url: `/api/public/venue?venue=${url}` })).json().data.venue;
    expect((await venue(t, v.venue.venueUrl)).cardPayment).toBe(true);
    expect((await venue(t, noCards.venue.venueUrl)).cardPayment).toBe(false);
    const offlineVenue = await createOrderingVenue(offline.database.db);
    expect((await venue(offline, offlineVenue.venue.venueUrl)).cardPayment).toBe(false);
  });

  it('the page CSP allows the configured Stripe.js and API origins, and nothing of Stripe without keys', async () => {
    const csp = (await t.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy'];
    const pageCsp = String(csp ?? (await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(pageCsp).toContain(`script-src 'self' ${fake.baseUrl}`);
    expect(pageCsp).toContain(`frame-src ${fake.baseUrl}`);
    expect(pageCsp).toContain(`connect-src 'self' ${fake.baseUrl}`);
    expect(pageCsp).not.toContain('stripe.com');
    const offlineCsp = String(
      (await offline.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    );
    expect(offlineCsp).not.toMatch(/stripe|127\.0\.0\.1/);
    expect(offlineCsp).toContain("frame-src 'none'");
  });

  it('create-intent charges the server total plus the tip, with an idempotency key per order and amount', async () => {
    const order = await placeOrder();
    const res = await createIntent({ orderId: order.id, tipPercent: 10 });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      publishableKey: PUBLISHABLE_KEY,
      amount: 34.87,
      tip: 3.17,
      scriptUrl: fake.scriptUrl,
    });
    expect(data.clientSecret).toMatch(/^pi_.+_secret_/);
    const created = fake.requests.find((r) => r.path === '/v1/payment_intents')!;
    expect(created.params).toMatchObject({ amount: '3487', currency: 'eur', metadata: { orderId: order.id } });
    expect(created.idempotencyKey).toBe(`carte-order-${order.id}-amount-3487`);
    expect(created.stripeVersion).toBe(STRIPE_API_VERSION);
    expect(STRIPE_API_VERSION).toMatch(/\.basil$/);

    const row = await orderRow(order.id);
    expect(row).toMatchObject({ paymentStatus: 'pending', tipMinor: 317 });
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({
      provider: 'stripe',
      providerRef: data.paymentId,
      amountMinor: 3487,
      tipMinor: 317,
      status: 'pending',
    });
    expect((await paymentEvents(order.id)).map((e) => [e.fromStatus, e.toStatus])).toEqual([['unpaid', 'pending']]);
    const publicOrder = (await t.app.inject({ method: 'GET', url: `/api/order?orderId=${order.id}` })).json().data;
    expect(publicOrder).toMatchObject({ payment_status: 'pending', tip: 3.17 });

    // The same amount again: the same intent (Stripe answers the repeated key with the first answer).
    const again = (await createIntent({ orderId: order.id, tip: 3.17 })).json().data;
    expect(again.paymentId).toBe(data.paymentId);
    expect(await db().select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);

    // Another amount: a new intent, and the earlier one is cancelled so it cannot be charged too.
    const changed = (await createIntent({ orderId: order.id })).json().data;
    expect(changed).toMatchObject({ amount: 31.7, tip: 0 });
    expect(changed.paymentId).not.toBe(data.paymentId);
    expect(fake.intents.get(data.paymentId)?.status).toBe('canceled');
    expect((await orderRow(order.id)).tipMinor).toBe(0);
  });

  it.each([
    ['a negative tip', { tip: -1 }, 'VALIDATION'],
    ['a tip above the order total', { tip: 31.71 }, 'INVALID_TIP'],
    ['a tip with three decimals', { tip: 1.005 }, 'INVALID_TIP'],
    ['a percentage above 100', { tipPercent: 150 }, 'VALIDATION'],
    ['both a tip and a percentage', { tip: 1, tipPercent: 10 }, 'INVALID_TIP'],
    ['a tip that is text', { tip: '5' }, 'VALIDATION'],
  ])('create-intent refuses %s with a 400 and changes nothing', async (_name, tip, code) => {
    const order = await placeOrder();
    const res = await createIntent({ orderId: order.id, ...tip });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code });
    expect((await orderRow(order.id)).paymentStatus).toBe('unpaid');
    expect(fake.requests).toHaveLength(0);
  });

  it("create-intent without an order is 'Error creating order'", async () => {
    for (const payload of [{}, { orderId: randomUUID() }, { orderId: 'not-an-id' }]) {
      const res = await createIntent(payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: 'Error creating order', code: 'PAYMENT_ORDER_MISSING' });
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('create-intent refuses a venue without cards, a server without keys, a paid or a cancelled order', async () => {
    const noCardOrder = await placeOrder(noCards);
    expect((await createIntent({ orderId: noCardOrder.id })).json().code).toBe('CARD_PAYMENT_UNAVAILABLE');
    const offlineVenue = await createOrderingVenue(offline.database.db);
    const offlineOrder = await placeOrder(offlineVenue, offline);
    const res = await post('/api/order/create-intent', { orderId: offlineOrder.id }, {}, offline);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CARD_PAYMENT_UNAVAILABLE');

    const { order, intent } = await intentFor();
    fake.confirm(intent.paymentId);
    expect((await confirm({ orderId: order.id, paymentId: intent.paymentId })).json().success).toBe(true);
    expect((await createIntent({ orderId: order.id })).json().code).toBe('ORDER_ALREADY_PAID');

    const cancelled = await placeOrder();
    await db().update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.id));
    expect((await createIntent({ orderId: cancelled.id })).json().code).toBe('CARD_PAYMENT_UNAVAILABLE');
    expect(fake.requests.filter((r) => r.path === '/v1/payment_intents')).toHaveLength(1);
  });

  it("confirm-payment without both ids is 'Insufficient data to confirm payment'", async () => {
    for (const payload of [{}, { orderId: randomUUID() }, { paymentId: 'pi_123' }, { paymentId: '', orderId: '' }]) {
      const res = await confirm(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        error: 'Insufficient data to confirm payment',
        code: 'PAYMENT_DATA_MISSING',
      });
    }
  });

  it('confirm-payment reads the intent from Stripe: not yet succeeded is refused, succeeded is paid', async () => {
    const { order, intent } = await intentFor(15);
    const refused = await confirm({ orderId: order.id, paymentId: intent.paymentId });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({
      success: false,
      error: 'Impossible to confirm payment',
      code: 'PAYMENT_NOT_CONFIRMED',
    });
    expect((await orderRow(order.id)).paymentStatus).toBe('pending');
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${intent.paymentId}`)).toBe(
      true,
    );

    fake.confirm(intent.paymentId, '4000 0000 0000 0002');
    expect((await confirm({ orderId: order.id, paymentId: intent.paymentId })).json().success).toBe(false);
    expect((await orderRow(order.id)).paymentStatus).toBe('pending');

    fake.confirm(intent.paymentId, '4242 4242 4242 4242');
    const ok = await confirm({ orderId: order.id, paymentId: intent.paymentId });
    expect(ok.json()).toEqual({ success: true, data: { paymentStatus: 'paid' } });
    const publicOrder = (await t.app.inject({ method: 'GET', url: `/api/order?orderId=${order.id}` })).json().data;
    expect(publicOrder).toMatchObject({ payment_status: 'paid', tip: intent.tip });
    expect((await paymentEvents(order.id)).map((e) => e.toStatus)).toEqual(['pending', 'paid']);
    // Confirming again changes nothing and says so.
    expect((await confirm({ orderId: order.id, paymentId: intent.paymentId })).json().success).toBe(true);
    expect(await paymentEvents(order.id)).toHaveLength(2);
  });

  it('confirm-payment refuses an intent of another order, an unknown intent and another amount', async () => {
    const a = await intentFor();
    const b = await intentFor();
    fake.confirm(a.intent.paymentId);
    const impossible = { success: false, error: 'Impossible to confirm payment', code: 'PAYMENT_NOT_CONFIRMED' };
    // A's paid intent presented for order B.
    expect((await confirm({ orderId: b.order.id, paymentId: a.intent.paymentId })).json()).toEqual(impossible);
    expect((await confirm({ orderId: b.order.id, paymentId: 'pi_unknown' })).json()).toEqual(impossible);
    expect((await orderRow(b.order.id)).paymentStatus).toBe('pending');

    // Stripe's intent says another amount than we stored.
    fake.intents.get(b.intent.paymentId)!.amount = 100;
    fake.confirm(b.intent.paymentId);
    expect((await confirm({ orderId: b.order.id, paymentId: b.intent.paymentId })).json()).toEqual(impossible);
    // An intent whose metadata names another order.
    fake.intents.get(a.intent.paymentId)!.metadata.orderId = b.order.id;
    expect((await confirm({ orderId: a.order.id, paymentId: a.intent.paymentId })).json()).toEqual(impossible);
    expect((await orderRow(a.order.id)).paymentStatus).toBe('pending');
    expect((await orderRow(b.order.id)).paymentStatus).toBe('pending');
  });

  it('the webhook refuses a forged or stale signature and changes nothing', async () => {
    const { order, intent } = await intentFor();
    const succeeded = fake.event('payment_intent.succeeded', { ...fake.confirm(intent.paymentId) });
    const forged = await webhook(succeeded, { secret: 'whsec_someone_else' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const stale = await webhook(succeeded, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: JSON.stringify(succeeded),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    // A correct signature of other bytes (the body was altered on the way).
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: JSON.stringify({ ...succeeded, id: 'evt_other' }),
      headers: {
        'content-type': 'application/json',
        'stripe-signature': fake.sign(JSON.stringify(succeeded), WEBHOOK_SECRET),
      },
    });
    expect(tampered.statusCode).toBe(400);
    expect((await orderRow(order.id)).paymentStatus).toBe('pending');
    expect(await db().select().from(webhookEvents).where(eq(webhookEvents.eventId, succeeded.id))).toHaveLength(0);
  });

  it('a signed payment_intent.succeeded marks the order paid once, however often it is delivered', async () => {
    const paidBefore = await paidCount();
    const { order, intent } = await intentFor(5);
    const event = fake.event('payment_intent.succeeded', { ...fake.confirm(intent.paymentId) });
    const first = await webhook(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, data: { received: true, applied: true } });
    const replays = await Promise.all([webhook(event), webhook(event)]);
    replays.forEach((r) => expect(r.json().data).toEqual({ received: true, applied: false }));
    expect((await orderRow(order.id)).paymentStatus).toBe('paid');
    expect((await paymentEvents(order.id)).map((e) => e.toStatus)).toEqual(['pending', 'paid']);
    // The guest's confirm arriving after the webhook is a success and adds nothing.
    expect((await confirm({ orderId: order.id, paymentId: intent.paymentId })).json().success).toBe(true);
    expect(await paymentEvents(order.id)).toHaveLength(2);
    // Counted once in carte_payments_total{status="paid"}.
    expect((await paidCount()) - paidBefore).toBe(1);
  });

  it('a signed payment_intent.succeeded for another amount or currency is recorded and logged; the order stays unpaid', async () => {
    const { order, intent } = await intentFor(5);
    const succeeded = { ...fake.confirm(intent.paymentId) } as Record<string, unknown>;
    const short = fake.event('payment_intent.succeeded', { ...succeeded, amount: Number(succeeded.amount) - 1 });
    const first = await webhook(short);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ received: true, applied: false });
    expect((await webhook(short)).json().data.applied).toBe(false); // a replay records nothing more
    const foreign = fake.event('payment_intent.succeeded', { ...succeeded, currency: 'usd' });
    expect((await webhook(foreign)).json().data.applied).toBe(false);
    expect((await orderRow(order.id)).paymentStatus).toBe('pending');
    const mismatches = await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, 'payment_mismatch')))
      .orderBy(orderEvents.at);
    expect(mismatches.map((e) => [e.fromStatus, e.toStatus])).toEqual([
      ['pending', 'pending'],
      ['pending', 'pending'],
    ]);
    expect(mismatches[0]!.reason).toContain(`received ${Number(succeeded.amount) - 1} `);
    expect(mismatches[1]!.reason).toContain('usd');
    // The right amount and currency still pay it.
    expect((await webhook(fake.event('payment_intent.succeeded', succeeded))).json().data.applied).toBe(true);
    expect((await orderRow(order.id)).paymentStatus).toBe('paid');
  });

  it('events out of order: a late failure after success changes nothing; a success after a failure pays', async () => {
    const late = await intentFor();
    const failedIntent = { ...fake.intents.get(late.intent.paymentId)!, status: 'requires_payment_method' };
    const paidIntent = { ...fake.confirm(late.intent.paymentId) };
    expect((await webhook(fake.event('payment_intent.succeeded', paidIntent))).json().data.applied).toBe(true);
    expect((await webhook(fake.event('payment_intent.payment_failed', failedIntent))).json().data.applied).toBe(false);
    expect((await orderRow(late.order.id)).paymentStatus).toBe('paid');
    const [latePayment] = await db().select().from(payments).where(eq(payments.orderId, late.order.id));
    expect(latePayment!.status).toBe('paid');

    const retry = await intentFor();
    const retryIntent = fake.intents.get(retry.intent.paymentId)!;
    expect((await webhook(fake.event('payment_intent.payment_failed', { ...retryIntent }))).json().data.applied).toBe(
      true,
    );
    expect((await orderRow(retry.order.id)).paymentStatus).toBe('failed');
    expect(
      (await webhook(fake.event('payment_intent.succeeded', { ...fake.confirm(retryIntent.id) }))).json().data.applied,
    ).toBe(true);
    expect((await paymentEvents(retry.order.id)).map((e) => [e.fromStatus, e.toStatus])).toEqual([
      ['unpaid', 'pending'],
      ['pending', 'failed'],
      ['failed', 'paid'],
    ]);
  });

  it('events about intents we did not create are acknowledged and ignored; other event types too', async () => {
    const stranger = fake.event('payment_intent.succeeded', {
      id: 'pi_not_ours',
      object: 'payment_intent',
      amount: 5000,
    });
    expect((await webhook(stranger)).json()).toEqual({ success: true, data: { received: true, applied: false } });
    const { order, intent } = await intentFor();
    const created = fake.event('payment_intent.created', { ...fake.intents.get(intent.paymentId)! });
    expect((await webhook(created)).json().data.applied).toBe(false);
    expect((await orderRow(order.id)).paymentStatus).toBe('pending');
  });

  it('a guest who paid without us hearing of it cannot start paying again: the order is settled as paid', async () => {
    const { order, intent } = await intentFor();
    fake.confirm(intent.paymentId); // paid at Stripe; neither confirm-payment nor the webhook arrived
    const again = await createIntent({ orderId: order.id, tipPercent: 10 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_ALREADY_PAID');
    expect((await orderRow(order.id)).paymentStatus).toBe('paid');
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents')).toHaveLength(1);
  });

  it('a failed payment can be paid again after the guest retries', async () => {
    const { order, intent } = await intentFor(10);
    fake.confirm(intent.paymentId, '4000000000000002');
    await webhook(fake.event('payment_intent.payment_failed', { ...fake.intents.get(intent.paymentId)! }));
    expect((await orderRow(order.id)).paymentStatus).toBe('failed');
    const again = (await createIntent({ orderId: order.id, tipPercent: 10 })).json().data;
    expect(again.paymentId).toBe(intent.paymentId);
    expect((await orderRow(order.id)).paymentStatus).toBe('pending');
    // Stripe delivering the old failure again must not undo the new attempt.
    const failure = fake.event('payment_intent.payment_failed', { ...fake.intents.get(intent.paymentId)! });
    expect((await webhook(failure)).json().data.applied).toBe(true);
    expect((await orderRow(order.id)).paymentStatus).toBe('failed');
    await createIntent({ orderId: order.id, tipPercent: 10 });
    expect((await webhook(failure)).json().data.applied).toBe(false);
    expect((await orderRow(order.id)).paymentStatus).toBe('pending');
    expect(await db().select().from(webhookEvents).where(eq(webhookEvents.eventId, failure.id))).toHaveLength(1);
    fake.confirm(again.paymentId);
    expect((await confirm({ orderId: order.id, paymentId: again.paymentId })).json().success).toBe(true);
  });

  describe('refund', () => {
    const refund = (orderId: string, headers: Record<string, string>) =>
      post('/api/order/refund', { orderId }, headers);
    const paidOrder = async () => {
      const { order, intent } = await intentFor();
      fake.confirm(intent.paymentId);
      await confirm({ orderId: order.id, paymentId: intent.paymentId });
      return { order, intent };
    };

    it('refunds a cancelled paid order through Stripe, once', async () => {
      const { order, intent } = await paidOrder();
      await db().update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id));
      const res = await refund(order.id, managerAuth);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ paymentStatus: 'refunded' });
      const refundCall = fake.requests.find((r) => r.path === '/v1/refunds')!;
      expect(refundCall.params).toMatchObject({ payment_intent: intent.paymentId });
      expect(refundCall.idempotencyKey).toMatch(/^carte-refund-/);
      expect((await orderRow(order.id)).paymentStatus).toBe('refunded');
      const events = await paymentEvents(order.id);
      expect(events.at(-1)).toMatchObject({ fromStatus: 'paid', toStatus: 'refunded', reason: 'refund' });
      expect(events.at(-1)!.byUserId).not.toBeNull();
      // Stripe's charge.refunded webhook afterwards changes nothing more.
      const charge = { id: 'ch_1', object: 'charge', payment_intent: intent.paymentId, refunded: true };
      expect((await webhook(fake.event('charge.refunded', charge))).json().data.applied).toBe(false);
      expect((await refund(order.id, managerAuth)).json().code).toBe('REFUND_NOT_ALLOWED');
    });

    it('a charge.refunded webhook (refund made in Stripe) marks the paid order refunded', async () => {
      const { order, intent } = await paidOrder();
      const charge = { id: 'ch_2', object: 'charge', payment_intent: intent.paymentId, refunded: true };
      expect((await webhook(fake.event('charge.refunded', charge))).json().data.applied).toBe(true);
      expect((await orderRow(order.id)).paymentStatus).toBe('refunded');
    });

    it('refuses an unpaid cancelled order, a paid open order, staff of another venue and no sign-in', async () => {
      const unpaid = await placeOrder();
      await db().update(orders).set({ status: 'cancelled' }).where(eq(orders.id, unpaid.id));
      const a = await refund(unpaid.id, managerAuth);
      expect(a.statusCode).toBe(409);
      expect(a.json().code).toBe('REFUND_NOT_ALLOWED');

      const { order } = await paidOrder();
      const open = await refund(order.id, managerAuth);
      expect(open.statusCode).toBe(409);
      await db().update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id));
      const stranger = await refund(order.id, otherAuth);
      expect(stranger.statusCode).toBe(403);
      expect((await refund(order.id, {})).statusCode).toBe(401);
      expect((await refund(randomUUID(), managerAuth)).statusCode).toBe(403);
      expect((await orderRow(order.id)).paymentStatus).toBe('paid');
      expect(fake.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(0);
    });
  });

  it("every payment change publishes 'order.updated' for the order's venue; a refused call publishes nothing", async () => {
    const order = await placeOrder();
    const updates = () =>
      published.filter((e) => e.type === 'order.updated' && e.orderId === order.id && e.venueId === v.venue.id);
    await createIntent({ orderId: order.id, tip: -5 });
    expect(updates()).toHaveLength(0);
    const intent = (await createIntent({ orderId: order.id })).json().data;
    await waitFor(() => expect(updates()).toHaveLength(1));
    await confirm({ orderId: order.id, paymentId: intent.paymentId }); // not yet succeeded: refused
    expect(updates()).toHaveLength(1);
    await webhook(fake.event('payment_intent.succeeded', { ...fake.confirm(intent.paymentId) }));
    await waitFor(() => expect(updates()).toHaveLength(2));
    await db().update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id));
    await post('/api/order/refund', { orderId: order.id }, managerAuth);
    await waitFor(() => expect(updates()).toHaveLength(3));
  });

  it('create-intent is limited per client address (ORDER_RATE_LIMIT_PER_MINUTE)', async () => {
    const limited = await createTestApp('pglite', {
      env: {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
        STRIPE_API_BASE: fake.baseUrl,
        ORDER_RATE_LIMIT_PER_MINUTE: '2',
      },
    });
    try {
      const venue = await createOrderingVenue(limited.database.db);
      const order = await placeOrder(venue, limited);
      const ask = (remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/order/create-intent',
          payload: { orderId: order.id },
          remoteAddress,
        });
      expect((await ask('10.9.0.1')).statusCode).toBe(200);
      expect((await ask('10.9.0.1')).statusCode).toBe(200);
      const refused = await ask('10.9.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      expect((await ask('10.9.0.2')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('venue settings: turning cards off stops new intents', async () => {
    const venue = await createOrderingVenue(db());
    const order = await placeOrder(venue);
    await db().update(venues).set({ cardPayment: false }).where(eq(venues.id, venue.venue.id));
    expect((await createIntent({ orderId: order.id })).statusCode).toBe(409);
  });
});
