import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, venues } from '../../db/schema.ts';
import { createOrderingVenue, type OrderingVenue } from '../../../test/factories.ts';
import { createStaffFixture, type StaffFixture } from '../../../test/staff-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';
import { ticketRows } from '../kitchen/tickets.service.ts';

type Body = Record<string, unknown>;

/**
 * Pickup and delivery limits (issue 18 item 6, decision 032), end to end in-process: the public
 * venue and the slots, a pickup order accepted or refused, a delivery order below the minimum or
 * outside the area refused before anything is written, bad settings refused with nothing written.
 */

// The slots follow the real clock (the one POST /api/order checks with): this venue has no hours
// (always open, UTC) so nothing here depends on the day; the hours, the last-order margin, midnight
// and daylight saving are the domain's tables (fulfilment.test.ts).
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(dbKinds)('pickup and delivery limits on %s', (kind) => {
  let t: TestApp;
  let v: OrderingVenue;
  let staff: StaffFixture;

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { rateLimit: { max: 100_000 } } });
    v = await createOrderingVenue(t.database.db, {
      prepMinutes: 20,
      pickup: { enabled: true, slotMinutes: 15 },
      deliveryRules: { minimumOrder: 15 },
    });
    staff = await createStaffFixture(t.app, t.database.db, `pickup-${kind}`);
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  const orderCount = async () => (await db().select({ n: count() }).from(orders))[0]!.n;
  const post = (payload: Body) =>
    t.app.inject({ method: 'POST', url: '/api/order', payload, headers: { 'content-type': 'application/json' } });
  const pickupOrder = (at: string, over: Body = {}): Body => ({
    venueUrl: v.venue.venueUrl,
    venueId: v.venue.id,
    items: [{ productId: v.product.pizza, variationIds: [], quantity: 1 }],
    spot: 'pickup',
    pickup: { at },
    ...over,
  });
  const setRules = (rules: Record<string, unknown> | null) =>
    db()
      .update(venues)
      .set({ deliveryRules: rules as never })
      .where(eq(venues.id, v.venue.id));
  const deliveryInfo = { fullName: 'Ada Lovelace', email: 'ada@example.com', fullAddress: 'Via Cavour 5, 00184 Roma' };
  const deliveryOrder = async (quantity: number, info: Body = deliveryInfo) => {
    const q = await t.app.inject({
      method: 'POST',
      url: '/api/delivery-quote',
      payload: { venueUrl: v.venue.venueUrl, deliveryAddress: info.fullAddress },
    });
    expect(q.statusCode).toBe(200);
    const { fee, quoteId } = q.json().data as { fee: number; quoteId: string };
    return post({
      venueUrl: v.venue.venueUrl,
      venueId: v.venue.id,
      items: [{ productId: v.product.water, variationIds: [], quantity }],
      spot: 'delivery',
      delivery: true,
      deliveryCost: fee,
      deliveryQuoteId: quoteId,
      deliveryInfo: info,
    });
  };

  const slotsNow = async () => {
    const res = await t.app.inject({ url: `/api/public/pickup-slots?venue=${v.venue.venueUrl}` });
    expect(res.statusCode).toBe(200);
    return res.json().data as { slots: string[]; timezone: string; slotMinutes: number };
  };

  it('the public venue says pickup is offered and the delivery minimum; the slots follow the prep time on a 15-minute grid', async () => {
    const venue = await t.app.inject({ url: `/api/public/venue?venue=${v.venue.venueUrl}` });
    expect(venue.json().data.venue).toMatchObject({
      pickup: { enabled: true, slotMinutes: 15 },
      deliveryRules: { minimumOrder: 15 },
    });
    const before = Date.now();
    const { slots, timezone, slotMinutes } = await slotsNow();
    expect({ timezone, slotMinutes }).toEqual({ timezone: 'UTC', slotMinutes: 15 });
    const first = Date.parse(slots[0]!);
    // The first quarter hour at least the 20 minutes of prep from now.
    expect(first).toBeGreaterThanOrEqual(before + 20 * MINUTE);
    expect(first).toBeLessThan(Date.now() + 35 * MINUTE);
    expect(new Date(first).getUTCMinutes() % 15).toBe(0);
    expect(slots[0]).toMatch(/\+00:00$/);
    expect(slots.map(Date.parse).every((s, i, all) => i === 0 || s - all[i - 1]! === 15 * MINUTE)).toBe(true);
    // Always open: today and tomorrow, at most a day of quarter hours.
    expect(slots).toHaveLength(96);
  });

  it('a pickup order at a slot is stored with its time and shown on the order, the staff list and the ticket', async () => {
    // The second slot: a quarter of an hour of margin, whatever the clock does meanwhile.
    const at = (await slotsNow()).slots[1]!;
    const res = await post(pickupOrder(at));
    expect(res.statusCode).toBe(200);
    const order = res.json().data;
    expect(order).toMatchObject({ spot: 'pickup', delivery: false, pickup_at: at, delivery_cost: 0 });
    const read = await t.app.inject({ url: `/api/order?orderId=${order.id}` });
    expect(read.json().data.pickup_at).toBe(at);
    const board = await t.app.inject({
      url: `/api/venue/orders?venueId=${v.venue.id}`,
      headers: await ownerOf(v.venue.id),
    });
    expect(board.statusCode).toBe(200);
    const listed = (board.json().data.orders ?? board.json().data) as { id: string; pickup_at: string | null }[];
    expect(listed.find((o) => o.id === order.id)?.pickup_at).toBe(at);
    const rows = await ticketRows(db(), {
      id: 'x',
      orderId: order.id,
      station: 'kitchen',
      stationName: 'Kitchen',
      round: 1,
      itemIds: [],
      language: 'en',
      reprint: false,
    } as never);
    expect(rows.map((r) => r.text).join('\n')).toContain(`PICKUP ${at.slice(11, 16)}`);
  });

  it.each<[string, (slots: string[]) => string, Body, number, string, string]>([
    [
      'a time that is no slot (off the grid)',
      (s) => iso(Date.parse(s[1]!) + 5 * MINUTE),
      {},
      409,
      'PICKUP_SLOT_UNAVAILABLE',
      'pickup.at',
    ],
    [
      'a time sooner than the prep time',
      (s) => iso(Date.parse(s[0]!) - 15 * MINUTE),
      {},
      409,
      'PICKUP_SLOT_UNAVAILABLE',
      'pickup.at',
    ],
    [
      'a time a day beyond the last slot (the list moving on by a slot meanwhile cannot reach it)',
      (s) => iso(Date.parse(s.at(-1)!) + 24 * 60 * MINUTE),
      {},
      409,
      'PICKUP_SLOT_UNAVAILABLE',
      'pickup.at',
    ],
    ['no time', () => 'x', { pickup: undefined }, 400, 'VALIDATION', 'pickup'],
    ['a time that is not a time', () => 'half past seven', {}, 400, 'VALIDATION', 'pickup.at'],
    ['a pickup time on a table order', (s) => s[1]!, { spot: '1' }, 400, 'VALIDATION', 'pickup'],
  ])('refuses %s, writing nothing', async (_rule, chooseAt, over, status, code, path) => {
    const at = chooseAt((await slotsNow()).slots);
    const before = await orderCount();
    const res = await post(pickupOrder(at, over));
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, code });
    expect((res.json().issues as { path: string }[]).map((i) => i.path)).toContain(path);
    // The slots still offered come with the refusal: the page offers them again.
    if (code === 'PICKUP_SLOT_UNAVAILABLE') expect(res.json().slots.length).toBeGreaterThan(0);
    expect(await orderCount()).toBe(before);
  });

  it('a venue without pickup refuses a pickup order (422) and its slots', async () => {
    const other = await createOrderingVenue(db());
    const res = await post(
      pickupOrder(iso(Date.now() + 60 * MINUTE), { venueUrl: other.venue.venueUrl, venueId: other.venue.id }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('PICKUP_NOT_AVAILABLE');
    const slots = await t.app.inject({ url: `/api/public/pickup-slots?venue=${other.venue.venueUrl}` });
    expect(slots.json()).toMatchObject({ success: false, code: 'PICKUP_NOT_AVAILABLE' });
  });

  it('a delivery order below the minimum is refused before paying (422 naming items); at the minimum it is placed', async () => {
    await setRules({ minimumOrder: 15 });
    const before = await orderCount();
    // Water is 2.50: 5 make 12.50, 6 make 15.00.
    const short = await deliveryOrder(5);
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ code: 'DELIVERY_MINIMUM_NOT_MET', minimumOrder: 15, missing: 2.5 });
    expect(short.json().issues[0]).toMatchObject({ path: 'items', code: 'delivery_minimum' });
    expect(await orderCount()).toBe(before);
    const enough = await deliveryOrder(6);
    expect(enough.statusCode).toBe(200);
    expect(enough.json().data).toMatchObject({ subtotal: 15, delivery: true });
  });

  it.each<[string, Record<string, unknown>, Body, number, string | null]>([
    ['a listed postcode in the address', { postcodes: ['00184'] }, deliveryInfo, 200, null],
    ['a postcode not served', { postcodes: ['00185', '00186'] }, deliveryInfo, 422, 'DELIVERY_OUTSIDE_AREA'],
    [
      'the postcode field wins over the text',
      { postcodes: ['00184'] },
      { ...deliveryInfo, postcode: '00199' },
      422,
      'DELIVERY_OUTSIDE_AREA',
    ],
    [
      'inside the radius',
      { radiusKm: 5, origin: { lat: 41.8902, lng: 12.4922 } },
      { ...deliveryInfo, location: { lat: 41.9022, lng: 12.4539 } },
      200,
      null,
    ],
    [
      'outside the radius',
      { radiusKm: 3, origin: { lat: 41.8902, lng: 12.4922 } },
      { ...deliveryInfo, location: { lat: 41.9022, lng: 12.4539 } },
      422,
      'DELIVERY_OUTSIDE_AREA',
    ],
    [
      'a radius and an address without coordinates',
      { radiusKm: 5, origin: { lat: 41.8902, lng: 12.4922 } },
      deliveryInfo,
      422,
      'DELIVERY_LOCATION_REQUIRED',
    ],
  ])('delivery area: %s', async (_rule, rules, info, status, code) => {
    await setRules(rules);
    const before = await orderCount();
    const res = await deliveryOrder(8, info);
    expect(res.statusCode).toBe(status);
    if (code) {
      expect(res.json().code).toBe(code);
      expect(res.json().issues[0].path).toMatch(/^deliveryInfo\./);
      expect(await orderCount()).toBe(before);
    }
  });

  const owners = new Map<string, Record<string, string>>();
  async function ownerOf(venueId: string): Promise<Record<string, string>> {
    const cached = owners.get(venueId);
    if (cached) return cached;
    const { insertStaffUser, signIn } = await import('../../../test/staff-fixtures.ts');
    const email = `owner-${venueId.slice(0, 8)}-${kind}@example.com`;
    await insertStaffUser(db(), { email, password: 'a long staff password', roles: [{ venueId, role: 'owner' }] });
    const token = await signIn(t.app, email, 'a long staff password');
    const headers = { authorization: `Bearer ${token.access_token}` };
    owners.set(venueId, headers);
    return headers;
  }

  describe('settings (PATCH /api/venue)', () => {
    const patch = (payload: Body) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/venue',
        payload: { id: staff.venueA.id, ...payload },
        headers: staff.headers('owner'),
      });

    it('stores pickup and delivery rules, answers them, and the public venue shows them', async () => {
      const res = await patch({
        pickup: { enabled: true, slotMinutes: 30 },
        deliveryRules: { minimumOrder: 12.5, postcodes: [' 00184', 'sw1a 1aa'] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        pickup: { enabled: true, slotMinutes: 30 },
        deliveryRules: { minimumOrder: 12.5, postcodes: ['00184', 'SW1A 1AA'] },
      });
      const pub = await t.app.inject({ url: `/api/public/venue?venue=${staff.venueA.venueUrl}` });
      expect(pub.json().data.venue.pickup).toEqual({ enabled: true, slotMinutes: 30 });
    });

    it.each<[string, Body, string]>([
      ['a negative minimum', { deliveryRules: { minimumOrder: -5 } }, 'deliveryRules.minimumOrder'],
      ['a radius of 0', { deliveryRules: { radiusKm: 0, origin: { lat: 41.9, lng: 12.5 } } }, 'deliveryRules.radiusKm'],
      [
        'an absurd radius',
        { deliveryRules: { radiusKm: 20_000, origin: { lat: 41.9, lng: 12.5 } } },
        'deliveryRules.radiusKm',
      ],
      ['a radius without its centre', { deliveryRules: { radiusKm: 5 } }, 'deliveryRules.origin'],
      ['an empty postcode', { deliveryRules: { postcodes: ['00184', ''] } }, 'deliveryRules.postcodes[1]'],
      ['a slot length not offered', { pickup: { enabled: true, slotMinutes: 7 } }, 'pickup.slotMinutes'],
    ])('refuses %s naming the field, writing nothing', async (_rule, body, path) => {
      const before = await db().select().from(venues).where(eq(venues.id, staff.venueA.id));
      const res = await patch({ ...body, name: 'Renamed meanwhile' });
      expect(res.statusCode).toBe(400);
      expect((res.json().issues as { path: string }[]).map((i) => i.path)).toContain(path);
      const after = await db().select().from(venues).where(eq(venues.id, staff.venueA.id));
      expect(after[0]!.name).toBe(before[0]!.name);
      expect(after[0]!.deliveryRules).toEqual(before[0]!.deliveryRules);
      expect(after[0]!.pickup).toEqual(before[0]!.pickup);
    });

    it('null turns pickup off and clears the delivery rules', async () => {
      const res = await patch({ pickup: null, deliveryRules: null });
      expect(res.json().data).toMatchObject({ pickup: null, deliveryRules: null });
      const pub = await t.app.inject({ url: `/api/public/venue?venue=${staff.venueA.venueUrl}` });
      expect(pub.json().data.venue).not.toHaveProperty('pickup');
    });
  });
});
