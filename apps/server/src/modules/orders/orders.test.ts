import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, deliveryQuotes, orderItems, orders } from '../../db/schema.ts';
import { createOrderingVenue, type OrderingVenue } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';

type Body = Record<string, unknown>;

describe.each(dbKinds)('orders on %s', (kind) => {
  let t: TestApp;
  let v: OrderingVenue;
  let noDelivery: OrderingVenue;

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { rateLimit: { max: 100_000 } } });
    v = await createOrderingVenue(t.database.db);
    noDelivery = await createOrderingVenue(t.database.db, { enableUberDirect: false, deliveryFeeMinor: null });
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  const orderCount = async () => (await db().select({ n: count() }).from(orders))[0]!.n;
  const tableOrder = (over: Body = {}): Body => ({
    venueUrl: v.venue.venueUrl,
    venueId: v.venue.id,
    items: [{ productId: v.product.water, variationIds: [], quantity: 2 }],
    spot: '1',
    delivery: false,
    ...over,
  });
  const post = (payload: Body | string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload,
      headers: { 'content-type': 'application/json', ...headers },
    });
  const quote = async (venue: OrderingVenue, address: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/delivery-quote',
      payload: { venueUrl: venue.venue.venueUrl, deliveryAddress: address },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as { fee: number; quoteId: string };
  };
  const deliveryInfo = {
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '+393331234567',
    fullAddress: 'Via Roma 12, 00100 Roma',
  };

  it('places a table order priced from the database, merging identical lines, and reads it back', async () => {
    const res = await post(
      tableOrder({
        items: [
          {
            productId: v.product.pizza,
            variationIds: [v.variation['pizza.extra'], v.variation['pizza.small']],
            quantity: 1,
          },
          { productId: v.product.water, variationIds: [], quantity: 1 },
          {
            productId: v.product.pizza,
            variationIds: [v.variation['pizza.small'], v.variation['pizza.extra']],
            quantity: 2,
          },
          { productId: v.product.burrata, variationIds: [v.variation['burrata.truffle']], quantity: 1 },
        ],
        // A table order: a delivery fee sent with it is not read.
        deliveryCost: 100,
        spot: 'Terrace A',
      }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    const order = body.data;
    expect(order).toMatchObject({
      status: 'placed',
      // (10.10 + 0.20 - 1.50) x 3 + 2.50 + (11.50 + 3.00)
      total: 43.4,
      delivery_cost: 0,
      delivery: false,
      spot: 'Terrace A',
      delivery_info: null,
      notes: null,
      currency: 'eur',
      currencySymbol: '€',
      venueUrl: v.venue.venueUrl,
    });
    expect(order.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isInteger(order.number) && order.number >= 1).toBe(true);
    expect(Date.now() - Date.parse(order.date_created)).toBeLessThan(60_000);
    expect(order.items).toEqual([
      {
        productId: v.product.pizza,
        name: 'Margherita',
        quantity: 3,
        unit_price: 8.8,
        total: 26.4,
        variations: [
          { id: v.variation['pizza.extra'], name: 'Extra cheese', price_variation: 0.2 },
          { id: v.variation['pizza.small'], name: 'Small', price_variation: -1.5 },
        ],
        notes: null,
      },
      {
        productId: v.product.water,
        name: 'Water',
        quantity: 1,
        unit_price: 2.5,
        total: 2.5,
        variations: [],
        notes: null,
      },
      {
        productId: v.product.burrata,
        name: 'Burrata',
        quantity: 1,
        unit_price: 14.5,
        total: 14.5,
        variations: [{ id: v.variation['burrata.truffle'], name: 'Truffle oil', price_variation: 3 }],
        notes: null,
      },
    ]);

    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ subtotalMinor: 4340, deliveryCostMinor: 0, totalMinor: 4340, venueId: v.venue.id });
    expect(await db().select().from(orderItems).where(eq(orderItems.orderId, order.id))).toHaveLength(3);

    const got = await t.app.inject({ method: 'GET', url: `/api/order?orderId=${order.id}` });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual({ success: true, data: order });
  });

  it.each<[string, (b: Body) => Body, string, string[]]>([
    ['a price on a line', (b) => ({ ...b, items: [{ ...(b.items as Body[])[0], price: 0.01 }] }), 'items[0]', ['price']],
    ['a total', (b) => ({ ...b, total: 0.05 }), '(root)', ['total']],
  ])('refuses a field the order does not name (%s): 400 naming it, no order written', async (_name, change, path, keys) => {
    const before = await orderCount();
    const res = await post(change(tableOrder()));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VALIDATION',
      issues: [{ path, code: 'unrecognized_keys', params: { keys } }],
    });
    expect(await orderCount()).toBe(before);
  });

  it('keeps the prices and names of the order when the menu changes later', async () => {
    const res = await post(tableOrder({ items: [{ productId: v.product.water, quantity: 1 }] }));
    const id = res.json().data.id;
    const other = await createOrderingVenue(db(), { menu: [{ key: 'water', name: 'Still water', priceMinor: 999 }] });
    expect(other.product.water).not.toBe(v.product.water);
    const got = (await t.app.inject({ method: 'GET', url: `/api/order?orderId=${id}` })).json().data;
    expect(got.items[0]).toMatchObject({ name: 'Water', unit_price: 2.5, total: 2.5 });
  });

  const badInputs: [string, () => Body | string, number, string, string][] = [
    ['malformed JSON', () => '{"venueUrl": ', 400, 'MALFORMED_JSON', 'The request body is not valid JSON.'],
    ['a JSON array', () => '[]', 400, 'ORDER_MISSING_FIELDS', 'Missing venueUrl, venue id, cart or spot'],
    [
      'no venueUrl',
      () => tableOrder({ venueUrl: undefined }),
      400,
      'ORDER_MISSING_FIELDS',
      'Missing venueUrl, venue id, cart or spot',
    ],
    [
      'no venueId',
      () => tableOrder({ venueId: '' }),
      400,
      'ORDER_MISSING_FIELDS',
      'Missing venueUrl, venue id, cart or spot',
    ],
    [
      'no spot',
      () => tableOrder({ spot: undefined }),
      400,
      'ORDER_MISSING_FIELDS',
      'Missing venueUrl, venue id, cart or spot',
    ],
    [
      'an empty cart',
      () => tableOrder({ items: [] }),
      400,
      'ORDER_MISSING_FIELDS',
      'Missing venueUrl, venue id, cart or spot',
    ],
    ['an unknown venue', () => tableOrder({ venueUrl: 'no-such-venue' }), 404, 'VENUE_NOT_FOUND', 'Venue not found'],
    [
      'the id of another venue',
      () => tableOrder({ venueId: noDelivery.venue.id }),
      404,
      'VENUE_NOT_FOUND',
      'Venue not found',
    ],
    ['a venueId that is no uuid', () => tableOrder({ venueId: 'casa' }), 404, 'VENUE_NOT_FOUND', 'Venue not found'],
    [
      'an unknown product',
      () => tableOrder({ items: [{ productId: randomUUID(), quantity: 1 }] }),
      422,
      'PRODUCT_NOT_IN_MENU',
      'The product is not in the menu!',
    ],
    [
      'a product id that is no uuid',
      () => tableOrder({ items: [{ productId: 'water', quantity: 1 }] }),
      422,
      'PRODUCT_NOT_IN_MENU',
      'The product is not in the menu!',
    ],
    [
      'a product of another venue',
      () => tableOrder({ items: [{ productId: noDelivery.product.water, quantity: 1 }] }),
      422,
      'PRODUCT_NOT_IN_MENU',
      'The product is not in the menu!',
    ],
    [
      'an unavailable product',
      () => tableOrder({ items: [{ productId: v.product.old, quantity: 1 }] }),
      422,
      'PRODUCT_NOT_IN_MENU',
      'The product is not in the menu!',
    ],
    [
      'a variation of another product',
      () =>
        tableOrder({
          items: [{ productId: v.product.pizza, variationIds: [v.variation['burrata.truffle']], quantity: 1 }],
        }),
      422,
      'VARIATION_NOT_OF_PRODUCT',
      'The product is not in the menu!',
    ],
    [
      'a product without price',
      () => tableOrder({ items: [{ productId: v.product.fish, quantity: 1 }] }),
      422,
      'PRODUCT_WITHOUT_PRICE',
      'The product is not in the menu!',
    ],
    ...([0, -1, 1.5, 1e9, '2', null] as unknown[]).map((q): [string, () => Body, number, string, string] => [
      `quantity ${JSON.stringify(q)}`,
      () => tableOrder({ items: [{ productId: v.product.water, quantity: q }] }),
      400,
      'INVALID_QUANTITY',
      'Invalid cart item: quantity must be a whole number from 1 to 99',
    ]),
    [
      'more than 99 of a line after merging',
      () =>
        tableOrder({
          items: [
            { productId: v.product.water, quantity: 50 },
            { productId: v.product.water, quantity: 50 },
          ],
        }),
      400,
      'INVALID_QUANTITY',
      'Invalid cart item: quantity must be a whole number from 1 to 99',
    ],
    ['an unknown spot', () => tableOrder({ spot: '99' }), 400, 'INVALID_SPOT', 'Invalid spot selected'],
    [
      '"delivery" as a table order',
      () => tableOrder({ spot: 'delivery' }),
      400,
      'INVALID_SPOT',
      'Invalid spot selected',
    ],
    [
      'delivery to a table spot',
      () => tableOrder({ delivery: true, spot: '1', deliveryInfo, deliveryCost: 4.5 }),
      400,
      'INVALID_SPOT',
      'Invalid spot selected',
    ],
    [
      'delivery without delivery data',
      () => tableOrder({ delivery: true, spot: 'delivery', deliveryCost: 4.5 }),
      400,
      'MISSING_DELIVERY_DATA',
      'Missing delivery data or venue url',
    ],
    [
      'delivery without a full address',
      () =>
        tableOrder({
          delivery: true,
          spot: 'delivery',
          deliveryCost: 4.5,
          deliveryInfo: { ...deliveryInfo, fullAddress: '' },
        }),
      400,
      'MISSING_DELIVERY_DATA',
      'Missing delivery data or venue url',
    ],
    [
      'delivery with a bad phone',
      () =>
        tableOrder({
          delivery: true,
          spot: 'delivery',
          deliveryCost: 4.5,
          deliveryInfo: { ...deliveryInfo, phone: '123' },
        }),
      400,
      'MISSING_DELIVERY_DATA',
      'Missing delivery data or venue url',
    ],
    [
      'delivery to a venue without delivery',
      () =>
        tableOrder({
          venueUrl: noDelivery.venue.venueUrl,
          venueId: noDelivery.venue.id,
          items: [{ productId: noDelivery.product.water, quantity: 1 }],
          delivery: true,
          spot: 'delivery',
          deliveryCost: 4.5,
          deliveryInfo,
        }),
      400,
      'DELIVERY_NOT_AVAILABLE',
      'Missing delivery data or venue url',
    ],
    [
      'delivery with a fee the server never quoted',
      () => tableOrder({ delivery: true, spot: 'delivery', deliveryCost: 0.01, deliveryInfo }),
      400,
      'DELIVERY_QUOTE_INVALID',
      'Error calculating delivery cost. Please try again.',
    ],
  ];

  it.each(badInputs)(
    'refuses %s with the envelope and writes no order',
    async (_name, payload, status, code, message) => {
      const before = await orderCount();
      const res = await post(payload());
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ success: false, code, error: message });
      expect(await orderCount()).toBe(before);
    },
  );

  it('refuses an Idempotency-Key longer than 200 characters', async () => {
    const before = await orderCount();
    const res = await post(tableOrder(), { 'idempotency-key': 'k'.repeat(201) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(await orderCount()).toBe(before);
  });

  describe('delivery', () => {
    it('places a delivery order with the quoted fee: total = items + fee, a deliveries row', async () => {
      const q = await quote(v, '  Via Roma 12,   00100 Roma ');
      expect(q.fee).toBe(4.5);
      const res = await post(
        tableOrder({
          delivery: true,
          spot: 'delivery',
          deliveryCost: q.fee,
          deliveryInfo: { ...deliveryInfo, notes: 'Ring twice' },
          items: [{ productId: v.product.pizza, variationIds: [v.variation['pizza.extra']], quantity: 1 }],
        }),
      );
      expect(res.statusCode).toBe(200);
      const order = res.json().data;
      expect(order).toMatchObject({
        delivery: true,
        spot: 'delivery',
        delivery_cost: 4.5,
        total: 14.8,
        notes: 'Ring twice',
        delivery_info: { ...deliveryInfo, notes: 'Ring twice' },
      });
      const rows = await db().select().from(deliveries).where(eq(deliveries.orderId, order.id));
      expect(rows).toEqual([expect.objectContaining({ feeMinor: 450, provider: 'offline', status: 'pending' })]);
    });

    it('accepts the quote by its id', async () => {
      const q = await quote(v, deliveryInfo.fullAddress);
      const res = await post(
        tableOrder({ delivery: true, spot: 'delivery', deliveryCost: q.fee, deliveryQuoteId: q.quoteId, deliveryInfo }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().data.total).toBe(9.5);
    });

    it('takes a phone written with spaces, dashes, dots and parentheses, and stores it normalised', async () => {
      const q = await quote(v, deliveryInfo.fullAddress);
      const res = await post(
        tableOrder({
          delivery: true,
          spot: 'delivery',
          deliveryCost: q.fee,
          deliveryQuoteId: q.quoteId,
          deliveryInfo: { ...deliveryInfo, phone: ' +39 (333) 123-45.67 ' },
        }),
      );
      expect(res.statusCode).toBe(200);
      const again = await t.app.inject({ method: 'GET', url: `/api/order?orderId=${res.json().data.id}` });
      expect(again.json().data.delivery_info.phone).toBe('+393331234567');
    });

    it.each<[string, (q: { quoteId: string; fee: number }) => Body]>([
      ['a fee other than the quote', (q) => ({ deliveryCost: 0.5, deliveryQuoteId: q.quoteId })],
      [
        'a quote for another address',
        (q) => ({
          deliveryCost: q.fee,
          deliveryQuoteId: q.quoteId,
          deliveryInfo: { ...deliveryInfo, fullAddress: 'Piazza Navona 1, Roma' },
        }),
      ],
      ['a quote id that does not exist', (q) => ({ deliveryCost: q.fee, deliveryQuoteId: randomUUID() })],
      ['a quote id that is no uuid', (q) => ({ deliveryCost: q.fee, deliveryQuoteId: 'free-delivery' })],
    ])('refuses %s', async (_name, over) => {
      const q = await quote(v, deliveryInfo.fullAddress);
      const before = await orderCount();
      const res = await post(tableOrder({ delivery: true, spot: 'delivery', deliveryInfo, ...over(q) }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'DELIVERY_QUOTE_INVALID' });
      expect(await orderCount()).toBe(before);
    });

    it('refuses an expired quote', async () => {
      const address = 'Via Appia Nuova 300, Roma';
      const q = await quote(v, address);
      await db()
        .update(deliveryQuotes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(deliveryQuotes.id, q.quoteId));
      const before = await orderCount();
      for (const extra of [{ deliveryQuoteId: q.quoteId }, {}]) {
        const res = await post(
          tableOrder({
            delivery: true,
            spot: 'delivery',
            deliveryCost: q.fee,
            deliveryInfo: { ...deliveryInfo, fullAddress: address },
            ...extra,
          }),
        );
        expect(res.json()).toMatchObject({ success: false, code: 'DELIVERY_QUOTE_INVALID' });
      }
      expect(await orderCount()).toBe(before);
    });
  });

  describe('GET /api/order', () => {
    it.each<[string, string, number, string]>([
      ['no orderId', '/api/order', 400, 'ORDER_ID_INVALID'],
      ['a malformed orderId', '/api/order?orderId=12', 400, 'ORDER_ID_INVALID'],
      ['an unknown orderId', `/api/order?orderId=${randomUUID()}`, 404, 'ORDER_NOT_FOUND'],
    ])('%s', async (_name, url, status, code) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ success: false, code });
    });
  });

  describe('idempotency', () => {
    it('gives the same order back for a repeated request with the same key', async () => {
      const key = `retry-${randomUUID()}`;
      const before = await orderCount();
      const a = await post(tableOrder({ spot: '2' }), { 'idempotency-key': key });
      const b = await post(
        tableOrder({
          spot: '2',
          items: [
            { productId: v.product.water, quantity: 1 },
            { productId: v.product.water, quantity: 1 },
          ],
        }),
        {
          'idempotency-key': key,
        },
      );
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      expect(b.json().data).toEqual(a.json().data);
      expect(await orderCount()).toBe(before + 1);
    });

    it('answers 409 for a different request under a used key', async () => {
      const key = `conflict-${randomUUID()}`;
      await post(tableOrder(), { 'idempotency-key': key });
      const before = await orderCount();
      const res = await post(tableOrder({ spot: '2' }), { 'idempotency-key': key });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'IDEMPOTENCY_CONFLICT' });
      expect(await orderCount()).toBe(before);
    });

    it('the same key at another venue is another order', async () => {
      const key = `shared-${randomUUID()}`;
      const a = await post(tableOrder(), { 'idempotency-key': key });
      const b = await post(
        tableOrder({
          venueUrl: noDelivery.venue.venueUrl,
          venueId: noDelivery.venue.id,
          items: [{ productId: noDelivery.product.water, quantity: 2 }],
        }),
        { 'idempotency-key': key },
      );
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      expect(b.json().data.id).not.toBe(a.json().data.id);
    });

    it('10 identical requests at once with the same key make one order, all answering its id', async () => {
      const key = `race-${randomUUID()}`;
      const before = await orderCount();
      const results = await Promise.all(
        Array.from({ length: 10 }, () => post(tableOrder({ spot: 'Terrace A' }), { 'idempotency-key': key })),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      const ids = new Set(results.map((r) => r.json().data.id));
      expect(ids.size).toBe(1);
      expect(await orderCount()).toBe(before + 1);
      const rows = await db().select().from(orders).where(eq(orders.idempotencyKey, key));
      expect(rows).toHaveLength(1);
    });
  });

  it('50 orders placed at once are all stored with correct totals and distinct numbers', async () => {
    const fresh = await createOrderingVenue(db());
    const requests = Array.from({ length: 50 }, (_, i) => ({
      venueUrl: fresh.venue.venueUrl,
      venueId: fresh.venue.id,
      spot: ['1', '2', 'Terrace A'][i % 3],
      items: [
        {
          productId: fresh.product.pizza,
          variationIds: i % 2 ? [fresh.variation['pizza.extra']] : [],
          quantity: (i % 5) + 1,
        },
        { productId: fresh.product.water, quantity: (i % 3) + 1 },
      ],
    }));
    const expectedTotal = (i: number) => ((i % 2 ? 1030 : 1010) * ((i % 5) + 1) + 250 * ((i % 3) + 1)) / 100;
    const results = await Promise.all(requests.map((r) => post(r)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const placed = results.map((r) => r.json().data);
    placed.forEach((o, i) => expect(o.total).toBe(expectedTotal(i)));
    expect(new Set(placed.map((o) => o.number))).toEqual(new Set(Array.from({ length: 50 }, (_, i) => i + 1)));
    const rows = await db().select().from(orders).where(eq(orders.venueId, fresh.venue.id));
    expect(rows).toHaveLength(50);
    const byId = new Map(rows.map((r) => [r.id, r]));
    placed.forEach((o, i) => expect(byId.get(o.id)?.totalMinor).toBe(Math.round(expectedTotal(i) * 100)));
  });
});
