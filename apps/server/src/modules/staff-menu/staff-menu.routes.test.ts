import type { PublicVenueResponse, StaffCategory, StaffProduct, StaffVenueSettings } from '@carte/domain';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assets, orders, venueStaff, venues } from '../../db/schema.ts';
import { insertVenue } from '../../../test/factories.ts';
import {
  createStaffFixture,
  insertStaffUser,
  signIn,
  type Persona,
  type StaffFixture,
} from '../../../test/staff-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';
import { createStaffMenuService } from './staff-menu.service.ts';
import { fileUpload, multipart, pngBytes } from './test-support.ts';

interface Answer<T> {
  status: number;
  body: { success: boolean; data: T; error?: string; code?: string; issues?: { path: string; message: string }[] };
}

describe.each(dbKinds)('staff menu and venue API on %s', (kind) => {
  let t: TestApp;
  let f: StaffFixture;
  let starters: string;
  let mains: string;

  const call = async <T = unknown>(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    persona: Persona = 'owner',
  ): Promise<Answer<T>> => {
    const res = await t.app.inject({
      method,
      url,
      payload: payload as InjectOptions['payload'],
      headers: f.headers(persona),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const publicVenue = async (venueUrl = f.venueA.venueUrl) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/public/venue?venue=${venueUrl}` });
    return (res.json() as { data: PublicVenueResponse }).data;
  };
  const menuVersion = async () => {
    const [row] = await t.database.db.select({ v: venues.menuVersion }).from(venues).where(eq(venues.id, f.venueA.id));
    return row!.v;
  };
  const assetCount = async () => Number((await t.database.db.select({ n: count() }).from(assets))[0]!.n);

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { MAX_UPLOAD_MB: '1', PUBLIC_URL: 'https://order.example.com' } });
    f = await createStaffFixture(t.app, t.database.db, 'menu');
    starters = (await call<{ id: string }>('POST', '/api/category', { venueId: f.venueA.id, name: 'Starters' })).body
      .data.id;
    mains = (await call<{ id: string }>('POST', '/api/category', { venueId: f.venueA.id, name: 'Mains' })).body.data.id;
  });
  afterAll(async () => t?.close());

  const pizza = () => ({
    venue: f.venueA.id,
    name: 'Margherita',
    description: 'Tomato, mozzarella, basil',
    price: 9.5,
    allergenes: ['dairy', 'gluten'],
    categories: [mains],
    variations: [
      { id: 'small', name: 'Small', price_variation: -2 },
      { id: 'large', name: 'Large', price_variation: 3.5 },
      { id: 'olives', name: 'Olives', price_variation: 1, preferences: ['vegan'] },
    ],
    variationGroups: [{ id: 'size', name: 'Size', min: 1, max: 1, variationIds: ['small', 'large'] }],
  });

  describe('products', () => {
    let created: StaffProduct;

    it('POST creates a product with its option group, available, visible to guests at once', async () => {
      const before = await menuVersion();
      const res = await call<StaffProduct>('POST', '/api/product', pizza());
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      created = res.body.data;
      expect(created).toMatchObject({
        name: 'Margherita',
        price: 9.5,
        status: 'available',
        recommended: false,
        categories: [{ id: mains, name: 'Mains' }],
        imageId: null,
      });
      expect(created.variations.map((v) => [v.name, v.price_variation])).toEqual([
        ['Small', -2],
        ['Large', 3.5],
        ['Olives', 1],
      ]);
      const [small, large, olives] = created.variations;
      expect(small!.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(olives!.preferences).toEqual(['vegan']);
      expect(created.variationGroups).toEqual([
        {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          name: 'Size',
          min: 1,
          max: 1,
          variationIds: [small!.id, large!.id],
        },
      ]);
      expect(await menuVersion()).toBe(before + 1);
      const guest = await publicVenue();
      const product = guest.menu.find((p) => p.id === created.id);
      expect(product).toMatchObject({ name: 'Margherita', variationGroups: created.variationGroups });
    });

    it('GET /api/product lists the whole menu with owner=true, only available dishes without it', async () => {
      const soldOut = await call<StaffProduct>('POST', '/api/product', {
        venue: f.venueA.id,
        name: 'Tiramisu',
        price: 6,
        status: 'unavailable',
      });
      expect(soldOut.status).toBe(201);
      const all = await call<StaffProduct[]>('GET', `/api/product?venueId=${f.venueA.id}&owner=true`);
      expect(all.status).toBe(200);
      expect(all.body.data.map((p) => p.name)).toEqual(['Margherita', 'Tiramisu']);
      const available = await call<StaffProduct[]>('GET', `/api/product?venueId=${f.venueA.id}`, undefined, 'manager');
      expect(available.body.data.map((p) => p.name)).toEqual(['Margherita']);
    });

    it('PATCH replaces the variation list, keeping the ids it names, and guests see it', async () => {
      const [small, large, olives] = created.variations;
      const group = created.variationGroups[0]!;
      const res = await call<StaffProduct>('PATCH', '/api/product', {
        id: created.id,
        variations: [
          { id: small!.id, name: 'Small', price_variation: -1.5 },
          { id: large!.id, name: 'Large', price_variation: 3.5 },
          { id: 'new-xl', name: 'Extra large', price_variation: 6 },
          { id: olives!.id, name: 'Olives', price_variation: 1 },
        ],
        variationGroups: [
          { id: group.id, name: 'Size', min: 1, max: 1, variationIds: [small!.id, large!.id, 'new-xl'] },
        ],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const v = res.body.data.variations;
      expect(v.map((x) => x.id).slice(0, 2)).toEqual([small!.id, large!.id]);
      expect(v[3]!.id).toBe(olives!.id);
      expect(v[2]!.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(v[0]!.price_variation).toBe(-1.5);
      expect(res.body.data.variationGroups).toEqual([{ ...group, variationIds: [small!.id, large!.id, v[2]!.id] }]);
      const guest = (await publicVenue()).menu.find((p) => p.id === created.id)!;
      expect(guest.variations.map((x) => x.name)).toEqual(['Small', 'Large', 'Extra large', 'Olives']);
      created = res.body.data;
    });

    it('the sold-out switch: PATCH status unavailable and back, seen by guests each time', async () => {
      const off = await call<StaffProduct>(
        'PATCH',
        '/api/product',
        { id: created.id, status: 'unavailable' },
        'manager',
      );
      expect(off.status).toBe(200);
      expect((await publicVenue()).menu.find((p) => p.id === created.id)!.status).toBe('unavailable');
      const on = await call<StaffProduct>('PATCH', '/api/product', { id: created.id, status: 'available' }, 'manager');
      expect(on.body.data.status).toBe('available');
      expect((await publicVenue()).menu.find((p) => p.id === created.id)!.status).toBe('available');
    });

    it('PATCH of simple fields: price to "ask for price", categories, description cleared', async () => {
      const res = await call<StaffProduct>('PATCH', '/api/product', {
        id: created.id,
        price: null,
        description: null,
        categories: [starters, mains],
        recommended: true,
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ price: null, description: null, recommended: true });
      expect(res.body.data.categories.map((c) => c.name)).toEqual(['Starters', 'Mains']);
      const back = await call<StaffProduct>('PATCH', '/api/product', {
        id: created.id,
        price: 9.5,
        categories: [mains],
      });
      expect(back.body.data.price).toBe(9.5);
    });

    it.each([
      ['a negative price', { price: -1 }, 'price'],
      ['a price with three decimals', { price: 1.005 }, 'price'],
      [
        'an option below the cheapest allowed',
        { variations: [{ id: 'a', name: 'Huge discount', price_variation: -20 }] },
        'price',
      ],
      [
        'a variation price with three decimals',
        {
          variations: [
            { name: 'A', price_variation: 0.5 },
            { name: 'B', price_variation: 0.123 },
          ],
        },
        'variations[1].price_variation',
      ],
      ['an unknown category', { categories: ['00000000-0000-4000-8000-000000000000'] }, 'categories[0]'],
      ['a category that is not an id', { categories: ['starters'] }, 'categories[0]'],
      [
        'a group with min above max',
        {
          variations: [
            { id: 'a', name: 'A' },
            { id: 'b', name: 'B' },
          ],
          variationGroups: [{ name: 'G', min: 2, max: 1, variationIds: ['a', 'b'] }],
        },
        'variationGroups[0].min',
      ],
      [
        'a group naming an unknown variation',
        {
          variations: [{ id: 'a', name: 'A' }],
          variationGroups: [{ name: 'G', min: 1, max: 1, variationIds: ['zzz'] }],
        },
        'variationGroups[0].variationIds[0]',
      ],
      [
        'a variation in two groups',
        {
          variations: [{ id: 'a', name: 'A' }],
          variationGroups: [
            { name: 'G', min: 0, max: 1, variationIds: ['a'] },
            { name: 'H', min: 0, max: 1, variationIds: ['a'] },
          ],
        },
        'variationGroups[1].variationIds[0]',
      ],
      ['an image that is not an id', { image: '/media/x.webp' }, 'image'],
      ['an unknown image', { image: '00000000-0000-4000-8000-000000000000' }, 'image'],
      ['no name', { name: '' }, 'name'],
      ['an unknown field', { colour: 'red' }, '(root)'],
    ])('POST and PATCH refuse %s with the field named, changing nothing', async (_label, fields, path) => {
      const version = await menuVersion();
      const post = await call('POST', '/api/product', { ...pizza(), variationGroups: [], variations: [], ...fields });
      expect(post.status, JSON.stringify(post.body)).toBe(400);
      expect(post.body.code).toBe('VALIDATION');
      expect(post.body.issues?.map((i) => i.path)).toContain(path);
      const patch = await call('PATCH', '/api/product', { id: created.id, ...fields });
      expect(patch.status, JSON.stringify(patch.body)).toBe(400);
      expect(patch.body.issues?.map((i) => i.path)).toContain(path);
      expect(await menuVersion()).toBe(version);
      expect((await publicVenue()).menu.map((p) => p.name)).toEqual(['Margherita', 'Tiramisu']);
    });

    it('PATCH: the spec messages for no id, no edits and an unknown product', async () => {
      const noId = await call('PATCH', '/api/product', { name: 'X' });
      expect([noId.status, noId.body.error]).toEqual([400, 'Product id is required']);
      const nothing = await call('PATCH', '/api/product', { id: created.id });
      expect([nothing.status, nothing.body.error, nothing.body.code]).toEqual([
        400,
        'No edits done to the product',
        'NO_PRODUCT_EDITS',
      ]);
      const same = await call('PATCH', '/api/product', {
        id: created.id,
        name: created.name,
        price: 9.5,
        categories: [mains],
        variations: created.variations,
        variationGroups: created.variationGroups,
      });
      expect([same.status, same.body.error]).toEqual([400, 'No edits done to the product']);
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const unknown = await call('PATCH', '/api/product', { id, name: 'X' });
        expect([unknown.status, unknown.body.error]).toEqual([404, 'Product not found on update action']);
      }
      const noDelete = await call('DELETE', '/api/product');
      expect([noDelete.status, noDelete.body.error]).toEqual([400, 'Product id is required']);
    });

    it("another venue's product: 403 for this venue's owner, nothing changed", async () => {
      const theirs = await call<StaffProduct>(
        'POST',
        '/api/product',
        { venue: f.venueB.id, name: 'Their dish', price: 4 },
        'otherManager',
      );
      expect(theirs.status).toBe(201);
      const patch = await call('PATCH', '/api/product', { id: theirs.body.data.id, price: 0 });
      expect([patch.status, patch.body.code]).toEqual([403, 'FORBIDDEN']);
      const del = await call('DELETE', `/api/product?id=${theirs.body.data.id}`);
      expect(del.status).toBe(403);
      const post = await call('POST', '/api/product', { venue: f.venueB.id, name: 'Sneaky', price: 1 });
      expect(post.status).toBe(403);
      const moved = await call('PATCH', '/api/product', { id: created.id, venue: f.venueB.id, name: 'Moved' });
      expect(moved.status).toBe(404);
      expect((await publicVenue(f.venueB.venueUrl)).menu.map((p) => [p.name, p.price])).toEqual([['Their dish', 4]]);
    });

    it('DELETE removes the product for guests; a second DELETE is 404', async () => {
      const extra = await call<StaffProduct>('POST', '/api/product', {
        venue: f.venueA.id,
        name: 'Bruschetta',
        price: 5,
      });
      const del = await call<{ id: string }>('DELETE', `/api/product?id=${extra.body.data.id}`, undefined, 'manager');
      expect([del.status, del.body.data]).toEqual([200, { id: extra.body.data.id }]);
      expect((await publicVenue()).menu.some((p) => p.id === extra.body.data.id)).toBe(false);
      const again = await call('DELETE', `/api/product?id=${extra.body.data.id}`);
      expect([again.status, again.body.error]).toEqual([404, 'Product not found on update action']);
    });
  });

  describe("several products in one transaction (the staff chat's price changes)", () => {
    it('writes every change, or none when one of them is refused', async () => {
      const service = createStaffMenuService({
        db: t.database.db,
        storage: t.storage,
        maxUploadMb: 1,
        publicUrl: 'https://order.example.com',
      });
      const water = (
        await call<StaffProduct>('POST', '/api/product', { venue: f.venueA.id, name: 'Still water', price: 3 })
      ).body.data;
      const margherita = (await call<StaffProduct>('POST', '/api/product', { ...pizza(), name: 'Bulk margherita' }))
        .body.data;
      const before = await menuVersion();
      // 1.50 with a Small at -2.00 would cost less than 0: refused, and the water keeps its price.
      await expect(
        service.updateProducts(f.venueA.id, [
          { id: water.id, price: 2.5 },
          { id: margherita.id, price: 1.5 },
        ]),
      ).rejects.toMatchObject({ code: 'VALIDATION' });
      expect((await service.getProduct(f.venueA.id, water.id)).price).toBe(3);
      expect(await menuVersion()).toBe(before);
      const done = await service.updateProducts(f.venueA.id, [
        { id: water.id, price: 2.5 },
        { id: margherita.id, price: 10 },
      ]);
      expect(done.map((p) => p.price)).toEqual([2.5, 10]);
      const menu = (await publicVenue()).menu;
      expect(menu.find((p) => p.id === water.id)?.price).toBe(2.5);
      expect(menu.find((p) => p.id === margherita.id)?.price).toBe(10);
    });
  });

  describe('categories', () => {
    it('create, rename and move; deleting one leaves its products in place', async () => {
      const drinks = await call<{ id: string; name: string; position: number }>(
        'POST',
        '/api/category',
        { venueId: f.venueA.id, name: 'Drinks' },
        'manager',
      );
      expect(drinks.status).toBe(201);
      expect(drinks.body.data).toMatchObject({ name: 'Drinks', position: 2 });
      const moved = await call('PATCH', '/api/category', { id: drinks.body.data.id, name: 'Wines', position: 0 });
      expect(moved.body.data).toEqual({
        id: drinks.body.data.id,
        name: 'Wines',
        position: 0,
        hours: null,
        station: null,
        taxRate: null,
      });
      expect((await publicVenue()).venue.categories.map((c) => c.name)).toEqual(['Wines', 'Starters', 'Mains']);

      const wine = await call<StaffProduct>('POST', '/api/product', {
        venue: f.venueA.id,
        name: 'Chianti',
        price: 7,
        categories: [drinks.body.data.id],
      });
      const del = await call('DELETE', `/api/category?id=${drinks.body.data.id}`);
      expect(del.status).toBe(200);
      const guest = await publicVenue();
      expect(guest.venue.categories.map((c) => c.name)).toEqual(['Starters', 'Mains']);
      expect(guest.menu.find((p) => p.id === wine.body.data.id)?.categories).toEqual([]);
      const again = await call('DELETE', `/api/category?id=${drinks.body.data.id}`);
      expect([again.status, again.body.code]).toEqual([404, 'CATEGORY_NOT_FOUND']);
      const empty = await call('POST', '/api/category', { venueId: f.venueA.id, name: ' ' });
      expect(empty.body.issues).toEqual([
        { path: 'name', code: 'too_small', params: { min: 1, origin: 'string' }, message: 'must not be empty' },
      ]);
    });
  });

  describe('venue settings', () => {
    it('GET gives the settings with the caller’s role', async () => {
      const owner = await call<StaffVenueSettings>('GET', `/api/venue?venueId=${f.venueA.id}`);
      expect(owner.status).toBe(200);
      expect(owner.body.data).toMatchObject({
        id: f.venueA.id,
        venueUrl: f.venueA.venueUrl,
        currency: 'eur',
        spots: ['1', '2', 'Terrace A'],
        cardPayment: true,
        deliveryFee: null,
        role: 'owner',
      });
      expect(owner.body.data.categories.map((c) => c.name)).toEqual(['Starters', 'Mains']);
      const manager = await call<StaffVenueSettings>('GET', `/api/venue?venueId=${f.venueA.id}`, undefined, 'manager');
      expect(manager.body.data.role).toBe('manager');
    });

    it('PATCH sets the tax settings and legal details; guests then see the taxes; null turns them off', async () => {
      const tax = {
        mode: 'inclusive',
        rates: [
          { id: 'food', name: 'TVA 10 %', percent: 10 },
          { id: 'alcohol', name: 'TVA 20 %', percent: 20 },
        ],
        defaultRate: 'food',
        serviceCharge: { percent: 12.5, rate: 'alcohol' },
      };
      const legal = { name: 'Casa SARL', address: '1 rue de Rivoli, Paris', taxId: 'FR12345678901' };
      const res = await call<StaffVenueSettings>('PATCH', '/api/venue', { id: f.venueA.id, tax, legal });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ tax, legal });
      const read = await call<StaffVenueSettings>('GET', `/api/venue?venueId=${f.venueA.id}`);
      expect(read.body.data).toMatchObject({ tax, legal });
      expect((await publicVenue()).venue).toMatchObject({ tax: { mode: 'inclusive', defaultRate: 'food' } });
      const off = await call<StaffVenueSettings>('PATCH', '/api/venue', { id: f.venueA.id, tax: null, legal: null });
      expect(off.body.data).toMatchObject({ tax: null, legal: null });
      expect((await publicVenue()).venue.tax ?? null).toBeNull();
    });

    it('a category takes one of the venue’s tax rates; a rate it does not have is refused naming taxRate', async () => {
      const tax = {
        mode: 'inclusive',
        rates: [
          { id: 'food', name: 'VAT 5 %', percent: 5 },
          { id: 'alcohol', name: 'VAT 20 %', percent: 20 },
        ],
        defaultRate: 'food',
      };
      expect((await call('PATCH', '/api/venue', { id: f.venueA.id, tax })).status).toBe(200);
      const set = await call<StaffCategory>('PATCH', '/api/category', { id: starters, taxRate: 'alcohol' });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(set.body.data.taxRate).toBe('alcohol');
      const missing = await call('PATCH', '/api/category', { id: starters, taxRate: 'luxury', name: 'Not saved' });
      expect(missing.status).toBe(400);
      expect((missing.body as unknown as { issues: { path: string; code: string }[] }).issues).toEqual([
        expect.objectContaining({ path: 'taxRate', code: 'unknown_rate' }),
      ]);
      const read = await call<StaffVenueSettings>('GET', `/api/venue?venueId=${f.venueA.id}`);
      expect(read.body.data.categories.find((c) => c.id === starters)).toMatchObject({
        name: 'Starters',
        taxRate: 'alcohol',
      });
      expect(
        (await call<StaffCategory>('PATCH', '/api/category', { id: starters, taxRate: null })).body.data.taxRate,
      ).toBeNull();
      expect((await call('PATCH', '/api/venue', { id: f.venueA.id, tax: null })).status).toBe(200);
      // Without tax settings no rate exists.
      expect((await call('PATCH', '/api/category', { id: starters, taxRate: 'food' })).status).toBe(400);
    });

    it('a dish’s own tax rate (POST and PATCH /api/product) wins over its category’s on the order it is placed in', async () => {
      const tax = {
        mode: 'inclusive',
        rates: [
          { id: 'food', name: 'TVA 10 %', percent: 10 },
          { id: 'alcohol', name: 'TVA 20 %', percent: 20 },
          { id: 'reduced', name: 'TVA 5,5 %', percent: 5.5 },
        ],
        defaultRate: 'food',
      };
      expect((await call('PATCH', '/api/venue', { id: f.venueA.id, tax })).status).toBe(200);
      const drinks = (await call<StaffCategory>('POST', '/api/category', { venueId: f.venueA.id, name: 'Drinks' })).body
        .data.id;
      expect((await call('PATCH', '/api/category', { id: drinks, taxRate: 'alcohol' })).status).toBe(200);
      const productCount = async () =>
        (await call<StaffProduct[]>('GET', `/api/product?venueId=${f.venueA.id}&owner=true`)).body.data.length;
      const countBefore = await productCount();

      // A rate the venue does not define: refused naming taxRate, nothing written.
      const refused = await call('POST', '/api/product', {
        venue: f.venueA.id,
        name: 'Juice',
        price: 10.55,
        categories: [drinks],
        taxRate: 'luxury',
      });
      expect(refused.status).toBe(400);
      expect(refused.body.issues).toEqual([
        { path: 'taxRate', code: 'unknown_rate', params: { name: 'luxury' }, message: 'unknown tax rate "luxury"' },
      ]);
      expect(await productCount()).toBe(countBefore);

      const juice = await call<StaffProduct>('POST', '/api/product', {
        venue: f.venueA.id,
        name: 'Juice',
        price: 10.55,
        categories: [drinks],
      });
      expect(juice.status, JSON.stringify(juice.body)).toBe(201);
      // No rate of its own: its category's applies.
      expect(juice.body.data).toMatchObject({ taxRate: null, tax_rate: 'alcohol' });
      const id = juice.body.data.id;

      const order = async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/order',
          payload: {
            venueUrl: f.venueA.venueUrl,
            venueId: f.venueA.id,
            items: [{ productId: id, variationIds: [], quantity: 1 }],
            spot: '1',
            delivery: false,
          },
        });
        expect(res.statusCode, res.body).toBe(200);
        const placed = (res.json() as { data: { id: string } }).data;
        const [row] = await t.database.db
          .select({ tax: orders.tax, taxTotalMinor: orders.taxTotalMinor })
          .from(orders)
          .where(eq(orders.id, placed.id));
        return row!;
      };
      // 10.55 with 20 % inside: 1.76 of tax.
      expect(await order()).toMatchObject({
        tax: [{ rate: 'alcohol', name: 'TVA 20 %', percent: 20, base: 879, amount: 176 }],
        taxTotalMinor: 176,
      });

      const set = await call<StaffProduct>('PATCH', '/api/product', { id, taxRate: 'reduced' }, 'manager');
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(set.body.data).toMatchObject({ taxRate: 'reduced', tax_rate: 'reduced' });
      expect((await publicVenue()).menu.find((p) => p.id === id)?.tax_rate).toBe('reduced');
      // 10.55 with 5.5 % inside: 0.55 of tax on 10.00; the dish's own rate, not its category's.
      expect(await order()).toMatchObject({
        tax: [{ rate: 'reduced', name: 'TVA 5,5 %', percent: 5.5, base: 1000, amount: 55 }],
        taxTotalMinor: 55,
      });

      const unknown = await call('PATCH', '/api/product', { id, taxRate: 'luxury', price: 99 });
      expect(unknown.status).toBe(400);
      expect(unknown.body.issues).toEqual([expect.objectContaining({ path: 'taxRate', code: 'unknown_rate' })]);
      const kept = (await call<StaffProduct[]>('GET', `/api/product?venueId=${f.venueA.id}&owner=true`)).body.data.find(
        (p) => p.id === id,
      );
      expect(kept).toMatchObject({ price: 10.55, taxRate: 'reduced' });

      const cleared = await call<StaffProduct>('PATCH', '/api/product', { id, taxRate: null });
      expect(cleared.body.data).toMatchObject({ taxRate: null, tax_rate: 'alcohol' });
      expect((await call('DELETE', `/api/product?id=${id}`)).status).toBe(200);
      expect((await call('DELETE', `/api/category?id=${drinks}`)).status).toBe(200);
      expect((await call('PATCH', '/api/venue', { id: f.venueA.id, tax: null })).status).toBe(200);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['a rate above 100', { rates: [{ id: 'food', name: 'Food', percent: 120 }] }, 'tax.rates[0].percent'],
      ['a negative rate', { rates: [{ id: 'food', name: 'Food', percent: -1 }] }, 'tax.rates[0].percent'],
      ['a rate with four decimals', { rates: [{ id: 'food', name: 'Food', percent: 8.8755 }] }, 'tax.rates[0].percent'],
      ['no default rate', { defaultRate: undefined }, 'tax.defaultRate'],
      ['a default rate that is not one of the rates', { defaultRate: 'luxury' }, 'tax.defaultRate'],
      [
        'a service charge taxed at a missing rate',
        { serviceCharge: { percent: 10, rate: 'luxury' } },
        'tax.serviceCharge.rate',
      ],
      [
        'the same rate id twice',
        {
          rates: [
            { id: 'food', name: 'A', percent: 5 },
            { id: 'food', name: 'B', percent: 10 },
          ],
        },
        'tax.rates[1].id',
      ],
    ])('refuses %s naming the field, writing nothing', async (_label, change, path) => {
      const tax = {
        mode: 'exclusive',
        rates: [{ id: 'food', name: 'Sales tax', percent: 8.875 }],
        defaultRate: 'food',
        ...change,
      };
      const res = await call('PATCH', '/api/venue', { id: f.venueA.id, tax, name: 'Not saved' });
      expect(res.status).toBe(400);
      expect((res.body as unknown as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain(path);
      const read = await call<StaffVenueSettings>('GET', `/api/venue?venueId=${f.venueA.id}`);
      expect(read.body.data.tax ?? null).toBeNull();
      expect(read.body.data.name).not.toBe('Not saved');
    });

    it('PATCH by the owner changes what guests see; a manager gets 403 and changes nothing', async () => {
      const refused = await call('PATCH', '/api/venue', { id: f.venueA.id, name: 'Manager was here' }, 'manager');
      expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
      const res = await call<StaffVenueSettings>('PATCH', '/api/venue', {
        id: f.venueA.id,
        name: 'Casa Nuova',
        spots: ['1', '2', '3', 'A', 'B', 'Terrace'],
        theme: { primary: '#b4532a' },
        inputPlaceholder: 'What would you like?',
        useTextMenu: true,
        textMenu: 'Pizza 9.50',
        deliveryFee: 3.5,
        enable_uber_direct: false,
        pickupAddress: 'Via Roma 1',
        pickupPhone: '+39 06 123456',
        cardPayment: false,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({
        name: 'Casa Nuova',
        deliveryFee: 3.5,
        cardPayment: false,
        textMenu: 'Pizza 9.50',
      });
      const guest = await publicVenue();
      expect(guest.venue).toMatchObject({
        name: 'Casa Nuova',
        spots: ['1', '2', '3', 'A', 'B', 'Terrace'],
        theme: { primary: '#b4532a' },
        inputPlaceholder: 'What would you like?',
        useTextMenu: true,
        enable_uber_direct: false,
      });
      await call('PATCH', '/api/venue', {
        id: f.venueA.id,
        useTextMenu: false,
        textMenu: null,
        spots: ['1', '2', 'Terrace A'],
      });
    });

    it.each([
      ['a table named twice', { spots: ['1', 'A', 'a'] }, 'spots[2]'],
      ['the delivery spot as a table', { spots: ['Delivery'] }, 'spots[0]'],
      ['a text menu switched on without text', { useTextMenu: true, textMenu: '' }, 'textMenu'],
      ['a colour that is not hex', { theme: { primary: 'red' } }, 'theme.primary'],
      ['a negative delivery fee', { deliveryFee: -1 }, 'deliveryFee'],
      ['card payment that is not a boolean', { cardPayment: 'yes' }, 'cardPayment'],
      ['a pickup phone a courier could not call', { pickupPhone: 'ask at the bar' }, 'pickupPhone'],
      ['an unknown header icon', { headerIcon: '00000000-0000-4000-8000-000000000000' }, 'headerIcon'],
    ])('PATCH refuses %s with the field named', async (_label, fields, path) => {
      const version = await menuVersion();
      const res = await call('PATCH', '/api/venue', { id: f.venueA.id, ...fields });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.issues?.map((i) => i.path)).toContain(path);
      expect(await menuVersion()).toBe(version);
    });

    it("the text menu switched off without a single dish: 'Please add at least one product', nothing changed", async () => {
      // A pub that starts with a text menu and no dishes, owned by the fixture's owner.
      const { venue: pub } = await insertVenue(t.database.db, { name: 'The Lantern' });
      await t.database.db
        .update(venues)
        .set({ useTextMenu: true, textMenu: 'Pie and mash 12.00' })
        .where(eq(venues.id, pub.id));
      await t.database.db.insert(venueStaff).values({ userId: f.accounts.owner.id, venueId: pub.id, role: 'owner' });
      const guestsSee = async () => (await publicVenue(pub.venueUrl)).venue.useTextMenu;

      const refused = await call('PATCH', '/api/venue', { id: pub.id, useTextMenu: false, name: 'The Lantern Inn' });
      expect([refused.status, refused.body.code, refused.body.error]).toEqual([
        400,
        'NO_PRODUCTS',
        'Please add at least one product',
      ]);
      expect(await guestsSee()).toBe(true);
      expect((await publicVenue(pub.venueUrl)).venue.name).toBe('The Lantern');
      // Other settings of the same venue still save while the text menu stays on.
      const renamed = await call('PATCH', '/api/venue', { id: pub.id, name: 'The Lantern Inn' });
      expect(renamed.status).toBe(200);

      const dish = await call('POST', '/api/product', { venue: pub.id, name: 'Pie and mash', price: 12 });
      expect(dish.status).toBe(201);
      const switched = await call('PATCH', '/api/venue', { id: pub.id, useTextMenu: false });
      expect(switched.status, JSON.stringify(switched.body)).toBe(200);
      expect(await guestsSee()).toBe(false);
    });

    it('an uploaded image becomes the header icon', async () => {
      const upload = await t.app.inject({
        method: 'POST',
        url: `/api/asset?venueId=${f.venueA.id}`,
        ...withAuth(fileUpload(await pngBytes(64)), 'owner'),
      });
      const { id } = (upload.json() as { data: { id: string } }).data;
      const res = await call<StaffVenueSettings>('PATCH', '/api/venue', { id: f.venueA.id, headerIcon: id });
      expect(res.body.data).toMatchObject({ headerIcon: id, headerIconUrl: `/media/${id}.webp` });
      expect((await publicVenue()).venue.headerIcon).toBe(`/media/${id}.webp`);
    });
  });

  const withAuth = (m: { payload: Buffer; headers: Record<string, string> }, persona: Persona) => ({
    payload: m.payload,
    headers: { ...m.headers, ...f.headers(persona) },
  });

  describe('uploads', () => {
    const upload = async (
      body: { payload: Buffer; headers: Record<string, string> },
      query = `?venueId=${f.venueA.id}`,
    ) => {
      const res = await t.app.inject({ method: 'POST', url: `/api/asset${query}`, ...withAuth(body, 'manager') });
      return { status: res.statusCode, body: res.json() as Answer<{ id: string; url: string }>['body'] };
    };

    it('a PNG is stored re-encoded as WebP and served; the same picture twice is one asset', async () => {
      const png = await pngBytes(48, '#0f766e');
      const res = await upload(fileUpload(png));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data.url).toBe(`/media/${res.body.data.id}.webp`);
      const media = await t.app.inject({ method: 'GET', url: res.body.data.url });
      expect(media.statusCode).toBe(200);
      expect(media.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      const again = await upload(
        multipart([
          { name: 'venueId', data: f.venueA.id },
          { name: 'file', data: png, filename: 'same.png' },
        ]),
        '',
      );
      expect(again.body.data.id).toBe(res.body.data.id);
      const dish = await call<StaffProduct>('POST', '/api/product', {
        venue: f.venueA.id,
        name: 'Photo dish',
        price: 3,
        image: res.body.data.id,
      });
      expect(dish.body.data).toMatchObject({ image: res.body.data.url, imageId: res.body.data.id });
    });

    it.each(['jpeg', 'webp', 'gif', 'avif'] as const)('a %s is accepted too', async (format) => {
      const bytes = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#3355aa' } })
        .toFormat(format)
        .toBuffer();
      const res = await upload(fileUpload(bytes, `photo.${format}`, `image/${format}`));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    });

    it('a TIFF (readable, but not a web picture type) is refused', async () => {
      const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .tiff()
        .toBuffer();
      const res = await upload(fileUpload(tiff, 'scan.tiff', 'image/tiff'));
      expect(res.status).toBe(415);
    });

    it.each([
      ['no file', () => multipart([{ name: 'note', data: 'hello' }]), 400, 'No file provided to create asset from'],
      ['an empty file', () => fileUpload(Buffer.alloc(0)), 400, 'No file provided to create asset from'],
      [
        'a text file',
        () => fileUpload('just some words', 'notes.txt', 'text/plain'),
        415,
        'Invalid file type. Accepted types: JPEG, PNG, WebP, GIF, AVIF',
      ],
      [
        'an SVG with a script',
        () =>
          fileUpload(
            '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>',
            'logo.svg',
            'image/svg+xml',
          ),
        415,
        'Invalid file type. Accepted types: JPEG, PNG, WebP, GIF, AVIF',
      ],
      [
        'a PNG header on an HTML body',
        () =>
          fileUpload(
            Buffer.concat([
              Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
              Buffer.from('<html><script>alert(1)</script></html>'),
            ]),
          ),
        415,
        'Invalid file type. Accepted types: JPEG, PNG, WebP, GIF, AVIF',
      ],
      [
        'a file over MAX_UPLOAD_MB',
        () =>
          fileUpload(
            Buffer.concat([
              Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
              Buffer.alloc(1024 * 1024 + 10, 7),
            ]),
          ),
        413,
        'File size exceeds the maximum of 1 MB',
      ],
    ])('refuses %s and stores nothing', async (_label, body, status, message) => {
      const before = await assetCount();
      const res = await upload(body());
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.error).toBe(message);
      expect(await assetCount()).toBe(before);
    });

    it('a JSON body is no file; a venue of someone else is 403', async () => {
      const json = await t.app.inject({
        method: 'POST',
        url: `/api/asset?venueId=${f.venueA.id}`,
        payload: { file: 'x' },
        headers: f.headers('owner'),
      });
      expect(json.statusCode).toBe(400);
      const other = await upload(fileUpload(await pngBytes()), `?venueId=${f.venueB.id}`);
      expect(other.status).toBe(403);
    });

    it('the specification’s call (field `file` alone) works for a user of one venue; a user of several names venueId', async () => {
      // The manager works at venue A only: the file alone is enough.
      const alone = await upload(fileUpload(await pngBytes(40, '#b91c1c')), '');
      expect(alone.status, JSON.stringify(alone.body)).toBe(201);
      const [stored] = await t.database.db.select().from(assets).where(eq(assets.id, alone.body.data!.id));
      expect(stored!.venueId).toBe(f.venueA.id);

      // Someone at two venues: without venueId, a 400 naming it; as a field or in the query, stored there.
      const both = await insertStaffUser(t.database.db, {
        email: `both-venues-${Date.now().toString(36)}@example.com`,
        password: 'a long staff password',
        roles: [
          { venueId: f.venueA.id, role: 'manager' },
          { venueId: f.venueB.id, role: 'manager' },
        ],
      });
      const token = (await signIn(t.app, both.email, both.password)).access_token;
      const as = (m: { payload: Buffer; headers: Record<string, string> }, query = '') =>
        t.app.inject({
          method: 'POST',
          url: `/api/asset${query}`,
          payload: m.payload,
          headers: { ...m.headers, authorization: `Bearer ${token}` },
        });
      const before = await assetCount();
      const unnamed = await as(fileUpload(await pngBytes(41, '#1d4ed8')));
      expect(unnamed.statusCode).toBe(400);
      expect(unnamed.json().issues).toEqual([expect.objectContaining({ path: 'venueId' })]);
      expect(await assetCount()).toBe(before);
      // No file: that answer comes first, even without venueId.
      const nothing = await as(multipart([{ name: 'note', data: 'hello' }]));
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json().error).toBe('No file provided to create asset from');
      const png = await pngBytes(42, '#15803d');
      const asField = await as(
        multipart([
          { name: 'venueId', data: f.venueB.id },
          { name: 'file', data: png, filename: 'photo.png', contentType: 'image/png' },
        ]),
      );
      expect(asField.statusCode, asField.body).toBe(201);
      const [inB] = await t.database.db.select().from(assets).where(eq(assets.id, asField.json().data.id));
      expect(inB!.venueId).toBe(f.venueB.id);
      const inQuery = await as(fileUpload(await pngBytes(43, '#7c3aed')), `?venueId=${f.venueA.id}`);
      expect(inQuery.statusCode).toBe(201);
    });
  });
});

describe.each(dbKinds)('a change seen by another server process on %s', (kind) => {
  let t: TestApp;
  let f: StaffFixture;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await createStaffFixture(t.app, t.database.db, 'poll');
    // A second app from a fresh copy of the modules: this process's invalidatePublicVenue cannot
    // reach its cache, so only the venue's menu version tells it, as in another process.
    vi.resetModules();
    const { buildApp } = await import('../../app.ts');
    const { parseEnv } = await import('../../env.ts');
    other = await buildApp({
      env: parseEnv({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', WEB_DIST: `${t.dataDir}/none` }),
      database: t.database,
      storage: t.storage,
      logger: false,
    });
    await other.ready();
  }, 60_000);
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('the other process shows a new dish and a sold-out one within its revalidation interval', async () => {
    const menuThere = async () =>
      (
        (await other.inject({ method: 'GET', url: `/api/public/venue?venue=${f.venueA.venueUrl}` })).json() as {
          data: PublicVenueResponse;
        }
      ).data.menu;
    expect(await menuThere()).toEqual([]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      payload: { venue: f.venueA.id, name: 'Gnocchi', price: 12 },
      headers: f.headers('owner'),
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { data: { id: string } }).data.id;
    await vi.waitFor(async () => expect((await menuThere()).map((p) => p.name)).toEqual(['Gnocchi']), {
      timeout: 3000,
      interval: 100,
    });
    await t.app.inject({
      method: 'PATCH',
      url: '/api/product',
      payload: { id, status: 'unavailable' },
      headers: f.headers('manager'),
    });
    await vi.waitFor(async () => expect((await menuThere())[0]!.status).toBe('unavailable'), {
      timeout: 3000,
      interval: 100,
    });
  });
});
