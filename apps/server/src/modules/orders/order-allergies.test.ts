import type { PublicOrder } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.ts';
import {
  createBoardFixture,
  placeOrder,
  tableOrderBody,
  type BoardFixture,
} from '../../../test/order-board-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';

type Who = 'owner' | 'manager' | 'otherManager' | 'none';

/** The guest's allergy profile on the order, and the staff's acknowledgement before preparing (decision 028). */
describe.each(dbKinds)('allergies on orders on %s', (kind) => {
  let t: TestApp;
  let f: BoardFixture;

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { rateLimit: { max: 100_000 } } });
    f = await createBoardFixture(t.app, t.database.db);
  });
  afterAll(async () => t?.close());

  const move = (who: Who, orderId: string, status: string) =>
    t.app.inject({ method: 'PATCH', url: '/api/order/status', payload: { orderId, status }, headers: f.headers(who) });
  const ack = (who: Who, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/order/allergy-ack', payload, headers: f.headers(who) });
  const row = async (orderId: string) => (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const withProfile = (allergyProfile: unknown) => tableOrderBody(f.v, { allergyProfile });

  it('stores the profile in the product identifiers (old names read as their meaning) and shows it to guest and staff', async () => {
    const placed = await placeOrder(
      t.app,
      withProfile({ allergens: ['sesame', 'nuts', 'Gluten'], diets: ['vegan', 'vegetarian'] }),
    );
    const expected = { allergens: ['gluten', 'peanuts', 'tree-nuts', 'sesame'], diets: ['vegetarian', 'vegan'] };
    expect(placed.allergyProfile).toEqual(expected);
    expect(placed.allergyAcknowledged).toBeNull();
    expect((await row(placed.id)).allergyProfile).toEqual(expected);

    const guest = await t.app.inject({ method: 'GET', url: `/api/order?orderId=${placed.id}` });
    expect(guest.json().data.allergyProfile).toEqual(expected);
    const board = await t.app.inject({
      method: 'GET',
      url: `/api/venue/orders?venueId=${f.v.venue.id}&status=open`,
      headers: f.headers('manager'),
    });
    const seen = (board.json().data.orders as PublicOrder[]).find((o) => o.id === placed.id)!;
    expect(seen.allergyProfile).toEqual(expected);
    expect(seen.allergyAcknowledged).toBeNull();
  });

  it('carries no profile when none or an empty one is sent, and such an order moves to preparing without acknowledgement', async () => {
    for (const body of [tableOrderBody(f.v), withProfile({ allergens: [], diets: [] }), withProfile(null)]) {
      const placed = await placeOrder(t.app, body);
      expect(placed.allergyProfile).toBeNull();
      expect((await row(placed.id)).allergyProfile).toBeNull();
      expect((await move('owner', placed.id, 'accepted')).statusCode).toBe(200);
      expect((await move('owner', placed.id, 'preparing')).statusCode).toBe(200);
    }
  });

  it('refuses an unknown allergen or diet with 400 naming the entry, storing nothing', async () => {
    const before = (await t.database.db.select({ id: orders.id }).from(orders)).length;
    for (const profile of [{ allergens: ['sesma'] }, { diets: ['paleo'] }, { allergens: 'gluten' }, 'gluten']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/order', payload: withProfile(profile) });
      expect(res.statusCode, JSON.stringify(profile)).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ success: false, code: 'VALIDATION' });
      expect(JSON.stringify(body.issues ?? body)).toContain('allergyProfile');
    }
    expect((await t.database.db.select({ id: orders.id }).from(orders)).length).toBe(before);
  });

  it('refuses "preparing" with 409 until a staff member acknowledges the allergies, then records who and when', async () => {
    const placed = await placeOrder(t.app, withProfile({ allergens: ['gluten'] }));
    expect((await move('manager', placed.id, 'accepted')).statusCode).toBe(200);

    const refused = await move('manager', placed.id, 'preparing');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'ALLERGY_NOT_ACKNOWLEDGED',
      error: "Acknowledge the guest's allergies before preparing this order.",
    });
    expect((await row(placed.id)).status).toBe('accepted');

    const startedAt = Date.now();
    const acked = await ack('manager', { orderId: placed.id });
    expect(acked.statusCode, acked.body).toBe(200);
    const order = acked.json().data as PublicOrder;
    expect(order.allergyAcknowledged?.byUserId).toBe(f.accounts.manager.id);
    // The database's clock: within a minute of this test's, whichever machine runs the database.
    expect(Math.abs(Date.parse(order.allergyAcknowledged!.at) - startedAt)).toBeLessThan(60_000);
    const stored = await row(placed.id);
    expect(stored.allergyAckBy).toBe(f.accounts.manager.id);

    // A second acknowledgement (another member) keeps the first record.
    const again = await ack('owner', { orderId: placed.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.allergyAcknowledged).toEqual(order.allergyAcknowledged);

    const moved = await move('manager', placed.id, 'preparing');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ status: 'preparing', allergyAcknowledged: order.allergyAcknowledged });
  });

  it('may be acknowledged while the order is still placed; cancelling never needs it', async () => {
    const early = await placeOrder(t.app, withProfile({ diets: ['vegan'] }));
    expect((await ack('owner', { orderId: early.id })).statusCode).toBe(200);
    expect((await move('owner', early.id, 'accepted')).statusCode).toBe(200);
    expect((await move('owner', early.id, 'preparing')).statusCode).toBe(200);

    const cancelled = await placeOrder(t.app, withProfile({ allergens: ['milk'] }));
    expect((await move('owner', cancelled.id, 'accepted')).statusCode).toBe(200);
    expect((await move('owner', cancelled.id, 'cancelled')).statusCode).toBe(200);
  });

  it('lets only the venue’s staff acknowledge (401, 403), answers 404 for an unknown order, 400 for a bad id, and 409 without allergies', async () => {
    const placed = await placeOrder(t.app, withProfile({ allergens: ['fish'] }));
    expect((await ack('none', { orderId: placed.id })).statusCode).toBe(401);
    const other = await ack('otherManager', { orderId: placed.id });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('FORBIDDEN');
    const unknown = await ack('owner', { orderId: '8d3f0a4e-1111-4c6b-9d7e-2f1a5b6c7d8e' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('ORDER_NOT_FOUND');
    for (const payload of [{ orderId: 'nope' }, {}, { orderId: placed.id, extra: 1 }]) {
      const res = await ack('owner', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await row(placed.id)).allergyAckAt).toBeNull();

    const plain = await placeOrder(t.app, tableOrderBody(f.v));
    const nothing = await ack('owner', { orderId: plain.id });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().code).toBe('INVALID_TRANSITION');
  });

  it('keeps the profile in the idempotency check: the same key with another profile is a 409', async () => {
    const headers = { 'idempotency-key': `allergy-${kind}` };
    const first = await placeOrder(t.app, withProfile({ allergens: ['eggs'] }), headers);
    const same = await placeOrder(t.app, withProfile({ allergens: ['egg'] }), headers);
    expect(same.id).toBe(first.id);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: withProfile({ allergens: ['milk'] }),
      headers,
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_CONFLICT');
  });
});
