import type { JoinTableAnswer } from '@carte/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderingVenue, type OrderingVenue } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';
import { tableTokensOf } from '../table-sessions/table-sessions.service.ts';

interface ChatAnswer {
  message: { html: string };
  products: string[];
  actions: { type: string; productId?: string; variationIds?: string[]; quantity?: number }[];
}

/** The assistant knows the table (issue 20 item 4): a phone that joined its table asks about the table's rounds and bill. */
describe.each(dbKinds)('the assistant at a table (%s)', (kind) => {
  let t: TestApp;
  let v: OrderingVenue;
  let other: OrderingVenue;
  let anna: JoinTableAnswer;
  let ben: JoinTableAnswer;
  let stranger: JoinTableAnswer;

  const join = async (venue: OrderingVenue, spot: string, name: string): Promise<JoinTableAnswer> => {
    const tokens = await tableTokensOf(t.database.db, venue.venue.id, [spot]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/table/join',
      payload: { venueUrl: venue.venue.venueUrl, spot, token: tokens.get(spot), name },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: JoinTableAnswer }).data;
  };
  const add = async (member: JoinTableAnswer, productId: string, quantity: number, variationIds: string[] = []) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/table/cart',
      headers: { 'x-table-member': member.memberToken },
      payload: { productId, variationIds, quantity },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const send = async (member: JoinTableAnswer) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/table/order',
      headers: { 'x-table-member': member.memberToken },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  };
  const chat = async (message: string, member?: string, venueUrl = v.venue.venueUrl, language = 'en') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: member ? { 'x-table-member': member } : {},
      payload: { venueUrl, language, message },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: ChatAnswer }).data;
  };
  const text = (a: ChatAnswer) =>
    a.message.html
      .replace(/<[^>]+>/g, ' ')
      .replace(/[\u00a0\u202f]/g, ' ')
      .replace(/\s+/g, ' ');

  beforeAll(async () => {
    t = await createTestApp(kind);
    v = await createOrderingVenue(t.database.db);
    other = await createOrderingVenue(t.database.db);
    anna = await join(v, '1', 'Anna');
    ben = await join(v, '1', 'Ben');
    stranger = await join(other, '1', 'Stranger');
    // Round 1: two pizzas (one with extra cheese) and a water; round 2: three waters and a burrata.
    await add(anna, v.product.pizza!, 2, [v.variation['pizza.extra']!]);
    await add(ben, v.product.water!, 1);
    await send(anna);
    await add(ben, v.product.water!, 3);
    await add(anna, v.product.burrata!, 1);
    await send(ben);
    // In the shared cart, not sent yet.
    await add(ben, v.product.pizza!, 1);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('"what did we order?" lists the table’s two rounds, the bill so far and the cart not sent', async () => {
    const a = text(await chat('what did we order?', anna.memberToken));
    expect(a).toContain('Here is what table 1 has ordered so far');
    expect(a).toMatch(/Round 1 2 × Margherita \(Extra cheese\) 1 × Water Round 2 3 × Water 1 × Burrata/);
    // 2 x 10.30 + 2.50 + 3 x 2.50 + 11.50 = 42.10
    expect(a).toContain('The bill so far: €42.10.');
    expect(a).toContain('1 × Margherita · Ben');
  });

  it('"one more round of the same drinks" puts the last round’s drinks in the guest’s cart', async () => {
    const a = await chat('one more round of the same drinks', ben.memberToken);
    expect(a.actions).toEqual([{ type: 'add_to_cart', productId: v.product.water, variationIds: [], quantity: 3 }]);
    expect(text(a)).toContain('3 × Water');
  });

  it('"what do I owe?" answers from the bill, in the guest’s language', async () => {
    expect(text(await chat('what do I owe?', anna.memberToken))).toContain(
      'The table’s bill is €42.10: €0.00 paid, €42.10 left to pay. Split equally between the 2 of you, that is €21.05 each.',
    );
    expect(text(await chat('combien je dois ?', ben.memberToken, v.venue.venueUrl, 'fr'))).toContain(
      'L’addition de la table est de 42,10 €',
    );
  });

  it('without the header, with an unknown secret or another venue’s member, no table is read (and nothing fails)', async () => {
    for (const a of [
      await chat('what did we order?'),
      await chat('what did we order?', 'not-a-member'),
      await chat('what did we order?', stranger.memberToken),
    ]) {
      expect(text(a)).not.toContain('Round 1');
      expect(text(a)).not.toContain('Margherita (Extra cheese)');
    }
    // The stranger's own venue reads its own (empty) table.
    expect(text(await chat('what did we order?', stranger.memberToken, other.venue.venueUrl))).toContain(
      'Nothing has been sent to the kitchen for table 1 yet.',
    );
  });
});
