import type { JoinTableAnswer, PublicOrder, TableSession } from '@carte/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoardFixture, type BoardFixture } from '../../../test/order-board-fixtures.ts';
import { openSse } from '../../../test/sse-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';
import { tableTokensOf } from './table-sessions.service.ts';

/** The table's live session (issue 20, decision 034): join by the QR code's token, one shared cart, rounds on one bill. */
describe.each(dbKinds)('table sessions (%s)', (kind) => {
  let t: TestApp;
  let f: BoardFixture;
  let tokens: Map<string, string>;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await createBoardFixture(t.app, t.database.db);
    tokens = await tableTokensOf(t.database.db, f.v.venue.id, f.v.venue.spots);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const join = async (spot: string, over: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/table/join',
      payload: { venueUrl: f.v.venue.venueUrl, spot, token: tokens.get(spot), ...over },
    });
  const joined = async (spot: string, name?: string): Promise<JoinTableAnswer> => {
    const res = await join(spot, name ? { name } : {});
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: JoinTableAnswer }).data;
  };
  const as = (secret: string, extra: Record<string, string> = {}) => ({ 'x-table-member': secret, ...extra });
  const session = async (secret: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/table/session', headers: as(secret) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: TableSession }).data;
  };
  const add = (secret: string, item: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/table/cart', headers: as(secret), payload: item });
  const send = (secret: string, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/table/order',
      headers: as(secret, key ? { 'idempotency-key': key } : {}),
    });

  it('phones that scan the code join one session; each is named, by the guest or "Guest N"', async () => {
    const anna = await joined('1', 'Anna');
    const second = await joined('1');
    expect(anna.session.id).toBe(second.session.id);
    expect(anna.session.me.name).toBe('Anna');
    expect(second.session.me.name).toBe('Guest 2');
    expect((await session(anna.memberToken)).members.map((m) => m.name)).toEqual(['Anna', 'Guest 2']);
    // Another table is another session.
    const other = await joined('2');
    expect(other.session.id).not.toBe(anna.session.id);
  });

  it.each([
    ['a forged token', { token: 'A'.repeat(32) }],
    ["another table's token", { token: 'other' }],
    ['no token', { token: '' }],
  ])('refuses %s with 403 TABLE_TOKEN_INVALID', async (_what, over) => {
    const payload = over.token === 'other' ? { token: tokens.get('2') } : over;
    const res = await join('1', payload);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'TABLE_TOKEN_INVALID' });
  });

  it('refuses a name with markup, naming the field; a table the venue does not have', async () => {
    const res = await join('1', { name: '<b>Bob</b>' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'name', code: 'invalid_text' }] });
    const unknown = await join('99', { token: tokens.get('1') });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'INVALID_SPOT' });
  });

  it('a call without a member secret is 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/table/session', headers: as('not-a-member') });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'TABLE_MEMBER_UNKNOWN' });
  });

  it('two phones add to one cart and both see both lines, with who added each, priced by the menu', async () => {
    const a = await joined('Terrace A', 'Anna');
    const b = await joined('Terrace A', 'Ben');
    expect(
      (
        await add(a.memberToken, {
          productId: f.v.product.pizza,
          variationIds: [f.v.variation['pizza.extra']],
          quantity: 2,
        })
      ).statusCode,
    ).toBe(201);
    expect((await add(b.memberToken, { productId: f.v.product.water, variationIds: [], quantity: 1 })).statusCode).toBe(
      201,
    );
    for (const secret of [a.memberToken, b.memberToken]) {
      const s = await session(secret);
      expect(s.cart.map((l) => [l.name, l.quantity, l.total, l.addedBy.name])).toEqual([
        ['Margherita', 2, 20.6, 'Anna'],
        ['Water', 1, 2.5, 'Ben'],
      ]);
      expect(s.cart_total).toBe(23.1);
    }
    // The same dish again from the same phone adds up; 0 removes a line; an unknown line is 404.
    await add(b.memberToken, { productId: f.v.product.water, variationIds: [], quantity: 2 });
    let s = await session(a.memberToken);
    expect(s.cart.find((l) => l.name === 'Water')?.quantity).toBe(3);
    const water = s.cart.find((l) => l.name === 'Water')!;
    const removed = await t.app.inject({
      method: 'PATCH',
      url: '/api/table/cart',
      headers: as(a.memberToken),
      payload: { lineId: water.id, quantity: 0 },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    s = (removed.json() as { data: TableSession }).data;
    expect(s.cart.map((l) => l.name)).toEqual(['Margherita']);
    const gone = await t.app.inject({
      method: 'PATCH',
      url: '/api/table/cart',
      headers: as(a.memberToken),
      payload: { lineId: water.id, quantity: 1 },
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'TABLE_LINE_NOT_FOUND' });
  });

  it('refuses a dish that is not on the menu and a price sent with a line; nothing is added', async () => {
    const a = await joined('2', 'Cara');
    const before = (await session(a.memberToken)).cart.length;
    const unknown = await add(a.memberToken, {
      productId: '00000000-0000-4000-8000-000000000000',
      variationIds: [],
      quantity: 1,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ code: 'PRODUCT_NOT_IN_MENU' });
    const priced = await add(a.memberToken, { productId: f.v.product.water, variationIds: [], quantity: 1, price: 0 });
    expect(priced.statusCode).toBe(400);
    expect(priced.json()).toMatchObject({ issues: [{ code: 'unrecognized_keys' }] });
    expect((await session(a.memberToken)).cart).toHaveLength(before);
  });

  it('rounds go on one bill priced by the server; a keyed retry makes no second round; an empty cart is 422', async () => {
    const a = await joined('Terrace A', 'Dan');
    const first = await send(a.memberToken, 'round-1');
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = (first.json() as { data: TableSession }).data;
    expect(afterFirst.cart).toEqual([]);
    const bill = afterFirst.bill as PublicOrder;
    expect(bill.spot).toBe('Terrace A');
    expect(bill.items.map((i) => [i.name, i.quantity])).toEqual([['Margherita', 2]]);
    expect(bill.total).toBe(20.6);

    const retry = await send(a.memberToken, 'round-1');
    expect(retry.statusCode).toBe(200);
    expect((retry.json() as { data: TableSession }).data.bill?.items).toHaveLength(1);

    const empty = await send(a.memberToken, 'round-2');
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ code: 'TABLE_CART_EMPTY' });

    await add(a.memberToken, { productId: f.v.product.water, variationIds: [], quantity: 2 });
    const second = await send(a.memberToken, 'round-2');
    const afterSecond = (second.json() as { data: TableSession }).data;
    expect(afterSecond.bill?.id).toBe(bill.id);
    expect(afterSecond.bill?.items.map((i) => [i.name, i.quantity])).toEqual([
      ['Margherita', 2],
      ['Water', 2],
    ]);
    expect(afterSecond.bill?.total).toBe(25.6);
    // The board reads the same order.
    const board = await t.app.inject({ method: 'GET', url: `/api/order?orderId=${bill.id}` });
    expect((board.json() as { data: PublicOrder }).data.total).toBe(25.6);
  });

  it('twenty phones adding at once lose no line', async () => {
    const phones = await Promise.all(Array.from({ length: 20 }, (_, i) => joined('1', `P${i + 1}`)));
    const before = (await session(phones[0]!.memberToken)).cart.length;
    const answers = await Promise.all(
      phones.map((p) => add(p.memberToken, { productId: f.v.product.water, variationIds: [], quantity: 1 })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const s = await session(phones[0]!.memberToken);
    expect(s.cart).toHaveLength(before + 20);
    expect(new Set(s.cart.slice(before).map((l) => l.addedBy.name)).size).toBe(20);
  });

  it('every phone sees a change live, through the session stream', async () => {
    const a = await joined('2', 'Eve');
    const b = await joined('2', 'Finn');
    const stream = await openSse(`${base}/api/table/session/events?member=${encodeURIComponent(a.memberToken)}`);
    expect(stream.status).toBe(200);
    const first = await stream.waitFor((e) => e.event === 'session');
    const start = (JSON.parse(first.data) as TableSession).version;
    await add(b.memberToken, { productId: f.v.product.pizza, variationIds: [], quantity: 1, notes: 'well done' });
    const next = await stream.waitFor(
      (e) => e.event === 'session' && (JSON.parse(e.data) as TableSession).version > start,
    );
    const seen = JSON.parse(next.data) as TableSession;
    expect(seen.me.name).toBe('Eve');
    expect(seen.cart.some((l) => l.notes === 'well done' && l.addedBy.name === 'Finn')).toBe(true);
    stream.close();
  });

  it('one table holds at most 64 open streams; the next is refused with 429', async () => {
    const a = await joined('2', 'Many tabs');
    const url = `${base}/api/table/session/events?member=${encodeURIComponent(a.memberToken)}`;
    const open = [];
    // Other tests' phones of table 2 may still stream: open until one is refused.
    for (let i = 0; i < 70; i++) {
      const s = await openSse(url);
      open.push(s);
      if (s.status !== 200) break;
    }
    const refused = open.at(-1)!;
    expect(refused.status).toBe(429);
    expect(open.length).toBeLessThanOrEqual(65); // refused by the table's cap, not a global limit
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'RATE_LIMITED' });
    for (const s of open) s.close();
  });

  it('a new code for a table ends old photos of it; closing the table ends its session (410)', async () => {
    const a = await joined('Terrace A', 'Gus');
    const oldToken = tokens.get('Terrace A')!;
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/venue/table/code',
      headers: f.headers('manager'),
      payload: { venueId: f.v.venue.id, spot: 'Terrace A' },
    });
    expect(code.statusCode, code.body).toBe(200);
    const url = new URL((code.json() as { data: { url: string } }).data.url);
    const newToken = url.searchParams.get('t')!;
    expect(newToken).not.toBe(oldToken);
    expect((await join('Terrace A', { token: oldToken })).statusCode).toBe(403);
    tokens.set('Terrace A', newToken);
    expect((await join('Terrace A')).statusCode).toBe(201);

    const other = await t.app.inject({
      method: 'POST',
      url: '/api/venue/table/close',
      headers: f.headers('otherManager'),
      payload: { venueId: f.v.venue.id, spot: 'Terrace A' },
    });
    expect(other.statusCode).toBe(403);
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/venue/table/close',
      headers: f.headers('manager'),
      payload: { venueId: f.v.venue.id, spot: 'Terrace A' },
    });
    expect(closed.json()).toMatchObject({ data: { spot: 'Terrace A', closed: true } });
    const gone = await t.app.inject({ method: 'GET', url: '/api/table/session', headers: as(a.memberToken) });
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ code: 'TABLE_SESSION_CLOSED' });
    // Scanning again opens a new session.
    const again = await joined('Terrace A', 'Gus');
    expect(again.session.id).not.toBe(a.session.id);
  });

  it("every guest's allergies and diets reach the kitchen with the table's rounds; a new one needs acknowledging again", async () => {
    // A fresh session at table 2.
    await t.app.inject({
      method: 'POST',
      url: '/api/venue/table/close',
      headers: f.headers('manager'),
      payload: { venueId: f.v.venue.id, spot: '2' },
    });
    const ana = await joined('2', 'Ana');
    const res = await join('2', { name: 'Bo', allergyProfile: { allergens: ['nuts'] } });
    expect(res.statusCode, res.body).toBe(201);
    const setProfile = (secret: string, payload: unknown) =>
      t.app.inject({ method: 'PUT', url: '/api/table/member', headers: as(secret), payload: payload as object });
    // Ana sets hers on her phone later; a bad allergen names its field, nothing written.
    const bad = await setProfile(ana.memberToken, { allergyProfile: { allergens: ['sesma'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'allergyProfile.allergens[0]' }] });
    expect((await setProfile('not-a-member', { allergyProfile: { allergens: ['milk'] } })).statusCode).toBe(401);
    expect(
      (await setProfile(ana.memberToken, { allergyProfile: { allergens: ['milk'], diets: ['vegan'] } })).statusCode,
    ).toBe(200);

    await add(ana.memberToken, { productId: f.v.product.water, variationIds: [], quantity: 1 });
    const first = ((await send(ana.memberToken)).json() as { data: TableSession }).data;
    const orderId = first.bill!.id;
    const order = async () =>
      ((await t.app.inject({ method: 'GET', url: `/api/order?orderId=${orderId}` })).json() as { data: PublicOrder })
        .data;
    expect((await order()).allergyProfile).toEqual({ allergens: ['peanuts', 'milk', 'tree-nuts'], diets: ['vegan'] });
    const ack = await t.app.inject({
      method: 'POST',
      url: '/api/order/allergy-ack',
      headers: f.headers('manager'),
      payload: { orderId },
    });
    expect(ack.statusCode, ack.body).toBe(200);
    expect((await order()).allergyAcknowledged).not.toBeNull();

    // A round with nothing new keeps the acknowledgement; a guest with sesame joins: the banner grows and waits again.
    await add(ana.memberToken, { productId: f.v.product.water, variationIds: [], quantity: 1 });
    await send(ana.memberToken);
    expect((await order()).allergyAcknowledged).not.toBeNull();
    const cy = (await join('2', { name: 'Cy', allergyProfile: { allergens: ['sesame'] } })).json() as {
      data: JoinTableAnswer;
    };
    await add(cy.data.memberToken, { productId: f.v.product.water, variationIds: [], quantity: 1 });
    await send(cy.data.memberToken);
    const after = await order();
    expect(after.allergyProfile).toEqual({ allergens: ['peanuts', 'milk', 'tree-nuts', 'sesame'], diets: ['vegan'] });
    expect(after.allergyAcknowledged).toBeNull();
  });
});
