import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicProduct, PublicVenueResponse } from '@carte/domain';
import { orderItems, orders, variations } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';
import { exportVenue } from '../venues/venue-export.service.ts';
import { importVenue } from '../venues/venue-import.service.ts';

/** Option groups and notes from the import file to the order page (architecture.md 4.3 and 4.4). */
const file = {
  venue: { venueUrl: 'casa-opzioni', name: 'Casa Opzioni', currency: 'eur', spots: ['1', '2'] },
  categories: [{ id: 'pizze', name: 'Pizze' }],
  products: [
    {
      id: 'margherita',
      name: 'Pizza Margherita',
      price: 9,
      allergenes: ['gluten', 'dairy'],
      categories: ['pizze'],
      variations: [
        { id: 'small', name: 'Small', price_variation: -2 },
        { id: 'regular', name: 'Regular', price_variation: 0 },
        { id: 'large', name: 'Large', price_variation: 3 },
        { id: 'anchovies', name: 'Anchovies', price_variation: 1.5, allergenes: ['fish'] },
        { id: 'olives', name: 'Olives', price_variation: 1, preferences: ['vegan'] },
        { id: 'ham', name: 'Ham', price_variation: 2 },
        { id: 'egg', name: 'Egg', price_variation: 1, allergenes: ['egg'] },
        { id: 'chili-oil', name: 'Chili oil', price_variation: 0.5 },
      ],
      variationGroups: [
        { id: 'size', name: 'Size', min: 1, max: 1, variations: ['small', 'regular', 'large'] },
        { id: 'toppings', name: 'Extra toppings', min: 0, max: 3, variations: ['anchovies', 'olives', 'ham', 'egg'] },
      ],
    },
    { id: 'water', name: 'Water', price: 2.5, categories: [] },
  ],
};

describe.each(dbKinds)('option groups and notes on %s', (kind) => {
  let t: TestApp;
  let venueId: string;
  let pizza: PublicProduct;
  let water: PublicProduct;
  const vid = (name: string) => pizza.variations.find((v) => v.name === name)!.id;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await importVenue({ db: t.database.db, storage: t.storage }, file, { baseDir: t.dataDir });
    const res = await t.app.inject({ method: 'GET', url: '/api/public/venue?venue=casa-opzioni' });
    const body = res.json().data as PublicVenueResponse;
    venueId = body.venue.id;
    pizza = body.menu.find((p) => p.name === 'Pizza Margherita')!;
    water = body.menu.find((p) => p.name === 'Water')!;
  });
  afterAll(async () => {
    await t?.close();
  });

  const order = (items: unknown[], headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: { venueUrl: 'casa-opzioni', venueId, items, spot: '1', delivery: false },
      headers: { 'content-type': 'application/json', ...headers },
    });
  const stored = async () => ({
    orders: (await t.database.db.select({ n: count() }).from(orders))[0]!.n,
    items: (await t.database.db.select({ n: count() }).from(orderItems))[0]!.n,
  });

  it('the public venue carries the groups with the variation ids and each option its own tags', () => {
    expect(pizza.variationGroups).toEqual([
      {
        id: expect.any(String),
        name: 'Size',
        min: 1,
        max: 1,
        variationIds: [vid('Small'), vid('Regular'), vid('Large')],
      },
      {
        id: expect.any(String),
        name: 'Extra toppings',
        min: 0,
        max: 3,
        variationIds: [vid('Anchovies'), vid('Olives'), vid('Ham'), vid('Egg')],
      },
    ]);
    expect(pizza.variations.find((v) => v.name === 'Anchovies')).toMatchObject({
      allergenes: ['fish'],
      preferences: [],
    });
    expect(pizza.variations.find((v) => v.name === 'Olives')).toMatchObject({ preferences: ['vegan'] });
    expect(water.variationGroups).toEqual([]);
  });

  it('orders exactly one size with toppings, an extra and a note; lines differing only by notes stay apart', async () => {
    const res = await order([
      {
        productId: pizza.id,
        variationIds: [vid('Large'), vid('Anchovies'), vid('Chili oil')],
        quantity: 1,
        notes: ' no basil ',
      },
      { productId: pizza.id, variationIds: [vid('Large'), vid('Anchovies'), vid('Chili oil')], quantity: 1 },
      { productId: water.id, variationIds: [], quantity: 2, notes: 'no ice' },
    ]);
    expect(res.statusCode).toBe(200);
    const placed = res.json().data;
    expect(
      placed.items.map((i: { name: string; quantity: number; unit_price: number; notes: string | null }) => [
        i.name,
        i.quantity,
        i.unit_price,
        i.notes,
      ]),
    ).toEqual([
      ['Pizza Margherita', 1, 14, 'no basil'],
      ['Pizza Margherita', 1, 14, null],
      ['Water', 2, 2.5, 'no ice'],
    ]);
    expect(placed.total).toBe(33);
    const again = await t.app.inject({ method: 'GET', url: `/api/order?orderId=${placed.id}` });
    expect(again.json().data.items[0]).toMatchObject({
      notes: 'no basil',
      variations: [{ name: 'Large' }, { name: 'Anchovies' }, { name: 'Chili oil' }],
    });
  });

  const refused: { rule: string; items: () => unknown[]; status: number; code: string; error?: string }[] = [
    {
      rule: 'no size (a required group left open)',
      items: () => [{ productId: pizza.id, variationIds: [vid('Olives')], quantity: 1 }],
      status: 422,
      code: 'INVALID_VARIATIONS',
      error: 'Pizza Margherita: Size: choose exactly 1 (0 chosen)',
    },
    {
      rule: 'two sizes (over a one-choice group)',
      items: () => [{ productId: pizza.id, variationIds: [vid('Small'), vid('Large')], quantity: 1 }],
      status: 422,
      code: 'INVALID_VARIATIONS',
      error: 'Pizza Margherita: Size: choose exactly 1 (2 chosen)',
    },
    {
      rule: 'four toppings (over the max)',
      items: () => [
        {
          productId: pizza.id,
          variationIds: [vid('Small'), vid('Anchovies'), vid('Olives'), vid('Ham'), vid('Egg')],
          quantity: 1,
        },
      ],
      status: 422,
      code: 'INVALID_VARIATIONS',
      error: 'Pizza Margherita: Extra toppings: choose up to 3 (4 chosen)',
    },
    {
      rule: 'an option twice',
      items: () => [{ productId: pizza.id, variationIds: [vid('Small'), vid('Olives'), vid('Olives')], quantity: 1 }],
      status: 422,
      code: 'INVALID_VARIATIONS',
    },
    {
      rule: 'an option of another product',
      items: () => [{ productId: water.id, variationIds: [vid('Small')], quantity: 1 }],
      status: 422,
      code: 'VARIATION_NOT_OF_PRODUCT',
    },
    {
      rule: 'a note over 200 characters',
      items: () => [{ productId: water.id, variationIds: [], quantity: 1, notes: 'x'.repeat(201) }],
      status: 400,
      code: 'ITEM_NOTES_TOO_LONG',
    },
    {
      rule: 'a note that is not text',
      items: () => [{ productId: water.id, variationIds: [], quantity: 1, notes: { text: 'hi' } }],
      status: 400,
      code: 'VALIDATION',
    },
  ];

  it.each(refused)('refuses $rule and writes nothing', async ({ items, status, code, error }) => {
    const before = await stored();
    const res = await order([{ productId: water.id, variationIds: [], quantity: 1 }, ...items()]);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, code, ...(error ? { error } : {}) });
    expect(await stored()).toEqual(before);
  });

  it('a 200-character note of emoji is 200 characters, not 400 units', async () => {
    const res = await order([{ productId: water.id, variationIds: [], quantity: 1, notes: '🌶'.repeat(200) }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items[0].notes).toBe('🌶'.repeat(200));
  });

  it('exports the groups and option tags in the import shape, and the export imports back unchanged', async () => {
    const exported = await exportVenue({ db: t.database.db }, 'casa-opzioni');
    const margherita = (exported.products ?? []).find((p) => p.id === 'margherita')!;
    expect(margherita.variationGroups).toEqual(file.products[0]!.variationGroups);
    expect(margherita.variations!.find((v) => v.id === 'anchovies')).toMatchObject({ allergenes: ['fish'] });
    await importVenue({ db: t.database.db, storage: t.storage }, exported, { baseDir: t.dataDir });
    expect(await exportVenue({ db: t.database.db }, 'casa-opzioni')).toEqual(exported);
  });

  it('refuses a unit price below 0 whatever is stored (a row the import would have refused), and writes nothing', async () => {
    // Small at -20.00 takes the 9.00 pizza to -11.00: written behind the import's back.
    await t.database.db
      .update(variations)
      .set({ priceVariationMinor: -2000 })
      .where(eq(variations.id, vid('Small')));
    try {
      const before = await stored();
      const res = await order([{ productId: pizza.id, variationIds: [vid('Small')], quantity: 1 }]);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ success: false, code: 'NEGATIVE_PRICE', error: 'A price may not be below 0.' });
      expect(await stored()).toEqual(before);
    } finally {
      await t.database.db
        .update(variations)
        .set({ priceVariationMinor: -200 })
        .where(eq(variations.id, vid('Small')));
    }
  });
});
