import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BillPartAnswer, JoinTableAnswer, TableSession } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { orders } from '../src/db/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVariable } from '../src/env.ts';
import { tableTokensOf } from '../src/modules/table-sessions/table-sessions.service.ts';
import { startFakeStripeServer, type FakeStripeServer } from './fake-stripe-server.ts';
import { createBoardFixture, type BoardFixture } from './order-board-fixtures.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { openSse, type SseStream } from './sse-client.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const base = testVariable('TEST_DATABASE_URL');
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_carte_tables',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_carte_tables',
  STRIPE_WEBHOOK_SECRET: 'whsec_carte_tables',
};

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
  let fake: FakeStripeServer;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    fake = await startFakeStripeServer({ secretKey: STRIPE.STRIPE_SECRET_KEY });
    const stripeEnv = { ...STRIPE, STRIPE_API_BASE: fake.baseUrl, STRIPE_JS_URL: fake.scriptUrl };
    t = await createTestApp('postgres', { env: stripeEnv, deps: { rateLimit: { max: 100_000 } } });
    f = await createBoardFixture(t.app, t.database.db);
    token = (await tableTokensOf(t.database.db, f.v.venue.id, f.v.venue.spots)).get('1')!;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    localUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'carte-table-'));
    second = await startServerProcess(t.database.url!, dataDir, stripeEnv);
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await second?.stop();
    await t?.close();
    await fake?.close();
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

  it('twenty phones on two processes paying at once never pay more than the bill nor one share twice; a failed payment frees its share', async () => {
    const tableToken = (await tableTokensOf(t.database.db, f.v.venue.id, f.v.venue.spots)).get('Terrace A')!;
    const urlOf = (i: number) => (i % 2 ? second.url : localUrl);
    const phones: JoinTableAnswer[] = [];
    for (let i = 0; i < 20; i++) {
      phones.push(
        await call<JoinTableAnswer>(urlOf(i), 'POST', '/api/table/join', {
          venueUrl: f.v.venue.venueUrl,
          spot: 'Terrace A',
          token: tableToken,
          name: `Payer ${i + 1}`,
        }),
      );
    }
    await call(
      localUrl,
      'POST',
      '/api/table/cart',
      { productId: f.v.product.pizza, variationIds: [], quantity: 3 },
      phones[0]!.memberToken,
    );
    const sent = await call<TableSession>(second.url, 'POST', '/api/table/order', undefined, phones[0]!.memberToken);
    const billId = sent.bill!.id;

    const attempt = async (i: number) => {
      const res = await fetch(`${urlOf(i + 1)}/api/table/bill/part`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-table-member': phones[i]!.memberToken },
        body: JSON.stringify({ mode: 'shares', count: 5, tip: 0.5 }),
      });
      return { status: res.status, body: (await res.json()) as { data?: BillPartAnswer; code?: string } };
    };
    const first = await Promise.all(phones.map((_, i) => attempt(i)));
    const held = first.filter((r) => r.status === 201).map((r) => r.body.data!);
    expect(held).toHaveLength(5);
    expect(new Set(held.map((h) => h.part.share!.number)).size).toBe(5);
    expect(new Set(first.filter((r) => r.status !== 201).map((r) => r.body.code))).toEqual(
      new Set(['TABLE_NOTHING_LEFT']),
    );

    // One card is declined: its share is free again, and only one more phone gets it.
    const declined = fake.confirm(held[0]!.payment.paymentId, '4000000000000002');
    const failedEvent = JSON.stringify(
      fake.event('payment_intent.payment_failed', declined as unknown as Record<string, unknown>),
    );
    const hook = (url: string, body: string) =>
      fetch(`${url}/api/stripe/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': fake.sign(body, STRIPE.STRIPE_WEBHOOK_SECRET),
        },
        body,
      });
    expect((await hook(second.url, failedEvent)).status).toBe(200);
    const again = await Promise.all(phones.map((_, i) => attempt(i)));
    const retaken = again.filter((r) => r.status === 201).map((r) => r.body.data!);
    expect(retaken).toHaveLength(1);
    expect(retaken[0]!.part.share!.number).toBe(held[0]!.part.share!.number);

    // Everyone who holds a share pays, through either process; the webhooks arrive at once.
    const payers = [...held.slice(1), ...retaken];
    await Promise.all(
      payers.map((p, i) => {
        const intent = fake.confirm(p.payment.paymentId);
        return hook(
          urlOf(i),
          JSON.stringify(fake.event('payment_intent.succeeded', intent as unknown as Record<string, unknown>)),
        );
      }),
    );
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, billId));
    expect(row!.paymentStatus).toBe('paid');
    expect(payers.reduce((s, p) => s + Math.round(p.part.amount * 100), 0)).toBe(row!.totalMinor);
    expect(row!.tipMinor).toBe(5 * 50);
  });
});
