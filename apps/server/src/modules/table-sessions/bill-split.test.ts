import type { BillPartAnswer, JoinTableAnswer, PublicOrder, TableSession } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.ts';
import { createBoardFixture, type BoardFixture } from '../../../test/order-board-fixtures.ts';
import { startFakeStripeServer, type FakeStripeServer } from '../../../test/fake-stripe-server.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';
import { tableTokensOf } from './table-sessions.service.ts';

const SECRET_KEY = 'sk_test_carte_split';
const WEBHOOK_SECRET = 'whsec_carte_split';

/** The table's bill split (issue 20 item 3, decision 034): parts by items, shares or amount, each paid by card. */
describe.each(dbKinds)('splitting the table bill (%s)', (kind) => {
  let t: TestApp;
  let f: BoardFixture;
  let fake: FakeStripeServer;
  let tokens: Map<string, string>;

  beforeAll(async () => {
    fake = await startFakeStripeServer({ secretKey: SECRET_KEY });
    t = await createTestApp(kind, {
      env: {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_carte_split',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: fake.baseUrl,
        STRIPE_JS_URL: fake.scriptUrl,
      },
      deps: { rateLimit: { max: 100_000 } },
    });
    f = await createBoardFixture(t.app, t.database.db);
    tokens = await tableTokensOf(t.database.db, f.v.venue.id, f.v.venue.spots);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const as = (secret: string) => ({ 'x-table-member': secret });
  const join = async (spot: string, name: string): Promise<JoinTableAnswer> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/table/join',
      payload: { venueUrl: f.v.venue.venueUrl, spot, token: tokens.get(spot), name },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: JoinTableAnswer }).data;
  };
  const session = async (secret: string) =>
    (
      (await t.app.inject({ method: 'GET', url: '/api/table/session', headers: as(secret) })).json() as {
        data: TableSession;
      }
    ).data;
  /** A table of `names` with a round of two Margheritas with extra cheese (2 x 10.30) and three waters (3 x 2.50): 28.10. */
  const table = async (spot: string, names: string[]) => {
    const phones: JoinTableAnswer[] = [];
    for (const name of names) phones.push(await join(spot, name));
    const add = (item: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/table/cart', headers: as(phones[0]!.memberToken), payload: item });
    await add({ productId: f.v.product.pizza, variationIds: [f.v.variation['pizza.extra']], quantity: 2 });
    await add({ productId: f.v.product.water, variationIds: [], quantity: 3 });
    const sent = await t.app.inject({ method: 'POST', url: '/api/table/order', headers: as(phones[0]!.memberToken) });
    expect(sent.statusCode, sent.body).toBe(200);
    const s = (sent.json() as { data: TableSession }).data;
    expect(s.bill?.total).toBe(28.1);
    return { phones, bill: s.bill as PublicOrder, lines: s.split!.lines };
  };
  const take = (secret: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/table/bill/part', headers: as(secret), payload: body });
  const taken = async (secret: string, body: Record<string, unknown>) => {
    const res = await take(secret, body);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: BillPartAnswer }).data;
  };
  const webhook = (type: string, intentId: string) => {
    const intent =
      type === 'payment_intent.succeeded' ? fake.confirm(intentId) : fake.confirm(intentId, '4000000000000002');
    const body = JSON.stringify(fake.event(type, intent as unknown as Record<string, unknown>));
    return t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: body,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': fake.sign(body, WEBHOOK_SECRET),
      },
    });
  };
  const pay = async (answer: BillPartAnswer) => {
    const res = await webhook('payment_intent.succeeded', answer.payment.paymentId);
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The order as the staff board lists it. */
  const onBoard = async (id: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/venue/orders?venueId=${f.v.venue.id}`,
      headers: f.headers('manager'),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { orders: PublicOrder[] } }).data.orders.find((o) => o.id === id);
  };
  const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it('by items, a shared line in halves: each pays their part with their own tip; the bill is paid exactly and the table closes', async () => {
    const { phones, bill, lines } = await table('1', ['Ana', 'Bo', 'Cy']);
    const [pizza, water] = lines;
    expect(pizza!.share + water!.share).toBe(28.1);
    const ana = await taken(phones[0]!.memberToken, { mode: 'items', lines: [{ lineId: pizza!.id, of: 2 }], tip: 1 });
    expect(ana.part).toMatchObject({ amount: 10.3, tip: 1, status: 'held' });
    expect(ana.payment.amount).toBe(11.3);
    // Two guests never hold the same part.
    const clash = await take(phones[1]!.memberToken, { mode: 'items', lines: [{ lineId: pizza!.id }] });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'TABLE_PART_TAKEN', issues: [{ path: 'lines[0].lineId' }] });
    const bo = await taken(phones[1]!.memberToken, { mode: 'items', lines: [{ lineId: pizza!.id, of: 2 }] });
    const cy = await taken(phones[2]!.memberToken, { mode: 'items', lines: [{ lineId: water!.id }], tip: 0.5 });
    expect(bo.part.amount + cy.part.amount + ana.part.amount).toBeCloseTo(28.1, 10);
    // Nobody pays the whole bill while it is being split.
    const whole = await t.app.inject({
      method: 'POST',
      url: '/api/order/create-intent',
      payload: { orderId: bill.id },
    });
    expect(whole.json()).toMatchObject({ code: 'TABLE_BILL_SPLIT' });

    await pay(ana);
    await pay(bo);
    let s = await session(phones[2]!.memberToken);
    expect(s.split).toMatchObject({ paid: 20.6, held: 7.5, remaining: 0 });
    expect((await orderRow(bill.id)).paymentStatus).toBe('unpaid');
    // The board's table shows what is paid so far, the order still unpaid.
    expect(await onBoard(bill.id)).toMatchObject({ payment_status: 'unpaid', paid_in_parts: 20.6, total: 28.1 });
    await pay(cy);
    expect(await onBoard(bill.id)).toMatchObject({ payment_status: 'paid', paid_in_parts: 0 });
    const paid = await orderRow(bill.id);
    expect(paid.paymentStatus).toBe('paid');
    expect(paid.tipMinor).toBe(150);
    expect(paid.receiptNumber).not.toBeNull();
    const gone = await t.app.inject({ method: 'GET', url: '/api/table/session', headers: as(phones[0]!.memberToken) });
    expect(gone.statusCode).toBe(410);
    s = (await join('1', 'Dee')).session;
    expect(s.bill).toBeNull(); // a new session, a new bill
  });

  it('a payment that fails frees its part; more than what remains is refused; a part can be given back', async () => {
    const { phones } = await table('2', ['Eli', 'Fay']);
    const eli = await taken(phones[0]!.memberToken, { mode: 'shares', count: 2 });
    expect(eli.part).toMatchObject({ amount: 14.05, share: { count: 2, number: 1 } });
    const tooMuch = await take(phones[1]!.memberToken, { mode: 'amount', amount: 14.06 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({ code: 'TABLE_AMOUNT_TOO_HIGH' });
    expect((await webhook('payment_intent.payment_failed', eli.payment.paymentId)).statusCode).toBe(200);
    expect((await session(phones[1]!.memberToken)).split).toMatchObject({ paid: 0, held: 0, remaining: 28.1 });
    const fay = await taken(phones[1]!.memberToken, { mode: 'amount', amount: 20 });
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/table/bill/part/release',
      headers: as(phones[0]!.memberToken),
      payload: { partId: fay.part.id },
    });
    expect(back.statusCode).toBe(404); // only who holds a part gives it back
    const released = await t.app.inject({
      method: 'POST',
      url: '/api/table/bill/part/release',
      headers: as(phones[1]!.memberToken),
      payload: { partId: fay.part.id },
    });
    expect(released.statusCode, released.body).toBe(200);
    expect((released.json() as { data: TableSession }).data.split).toMatchObject({ held: 0, remaining: 28.1 });
    expect(fake.intents.get(fay.payment.paymentId)?.status).toBe('canceled');
  });

  it('twenty phones paying at once never hold more than the bill nor one share twice', async () => {
    const names = Array.from({ length: 20 }, (_, i) => `G${i + 1}`);
    const { phones, bill } = await table('Terrace A', names);
    const answers = await Promise.all(phones.map((p) => take(p.memberToken, { mode: 'shares', count: 4 })));
    const ok = answers.filter((r) => r.statusCode === 201).map((r) => (r.json() as { data: BillPartAnswer }).data);
    expect(ok).toHaveLength(4);
    expect(answers.filter((r) => r.statusCode !== 201).map((r) => (r.json() as { code: string }).code)).toEqual(
      Array(16).fill('TABLE_NOTHING_LEFT'),
    );
    expect(new Set(ok.map((a) => a.part.share!.number))).toEqual(new Set([1, 2, 3, 4]));
    await Promise.all(ok.map((a) => pay(a)));
    const row = await orderRow(bill.id);
    expect(row.paymentStatus).toBe('paid');
    expect(ok.reduce((s, a) => s + Math.round(a.part.amount * 100), 0)).toBe(row.totalMinor);
  });
});
