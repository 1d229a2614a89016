import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '../../db/schema.ts';
import { insertVenue } from '../../../test/factories.ts';
import { createStaffFixture, type StaffFixture } from '../../../test/staff-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';

describe.each(dbKinds)('GET /api/items/:collection on %s', (kind) => {
  let t: TestApp;
  let f: StaffFixture;
  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await createStaffFixture(t.app, t.database.db, 'items');
    // Venue A's menu is set on the fixture's venue; venue B has its own products.
    const db = t.database.db;
    await db.insert(categories).values({ venueId: f.venueA.id, key: 'pizza', name: 'Pizza' });
    await db.insert(products).values([
      { venueId: f.venueA.id, key: 'margherita', name: 'Margherita', priceMinor: 950, position: 0 },
      { venueId: f.venueA.id, key: 'diavola', name: 'Diavola', priceMinor: 1250, position: 1, status: 'unavailable' },
      { venueId: f.venueA.id, key: 'percent', name: '100% Bufala', priceMinor: 1400, position: 2 },
      { venueId: f.venueB.id, key: 'secret', name: 'Secret dish of B', priceMinor: 500, position: 0 },
    ]);
    await insertVenue(db, { venueUrl: 'nobody-s-venue', products: [{ key: 'x', name: 'Not yours' }] });
  });
  afterAll(async () => t?.close());

  const get = (url: string, persona: 'owner' | 'otherManager' | 'none' = 'owner') =>
    t.app.inject({ method: 'GET', url, headers: f.headers(persona) });
  const rows = async (url: string, persona: 'owner' | 'otherManager' = 'owner') => {
    const res = await get(url, persona);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: Record<string, unknown>[] }).data;
  };
  const q = (filter: unknown) => encodeURIComponent(JSON.stringify(filter));

  it.each([
    ['/api/items', 400, 'COLLECTION_EMPTY', 'Collection cannot be empty'],
    ['/api/items/', 400, 'COLLECTION_EMPTY', 'Collection cannot be empty'],
    ['/api/items/%20', 400, 'COLLECTION_EMPTY', 'Collection cannot be empty'],
    ['/api/items/users', 403, 'CORE_COLLECTION', 'Cannot use readItems for core collections'],
    ['/api/items/roles', 403, 'CORE_COLLECTION', 'Cannot use readItems for core collections'],
    ['/api/items/permissions', 403, 'CORE_COLLECTION', 'Cannot use readItems for core collections'],
    ['/api/items/files', 403, 'CORE_COLLECTION', 'Cannot use readItems for core collections'],
    ['/api/items/Users', 403, 'CORE_COLLECTION', 'Cannot use readItems for core collections'],
    ['/api/items/sessions', 404, 'COLLECTION_NOT_FOUND', 'Collection not found'],
    ['/api/items/constructor', 404, 'COLLECTION_NOT_FOUND', 'Collection not found'],
  ])('%s: %i %s', async (url, status, code, error) => {
    for (const persona of ['owner', 'none'] as const) {
      const res = await get(url, persona);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ success: false, code, error });
    }
  });

  it('lists only the caller’s venues’ rows, with the allow-listed fields', async () => {
    const mine = await rows('/api/items/products?fields=name,price,status,venue');
    expect(mine).toEqual([
      { name: 'Margherita', price: 9.5, status: 'available', venue: f.venueA.id },
      { name: 'Diavola', price: 12.5, status: 'unavailable', venue: f.venueA.id },
      { name: '100% Bufala', price: 14, status: 'available', venue: f.venueA.id },
    ]);
    expect((await rows('/api/items/products?fields=name', 'otherManager')).map((r) => r.name)).toEqual([
      'Secret dish of B',
    ]);
    // Asking for another venue's rows by filter gives nothing.
    expect(await rows(`/api/items/products?filter=${q({ venue: { _eq: f.venueB.id } })}`)).toEqual([]);
    const venue = (await rows('/api/items/venues'))[0]!;
    expect(venue).toMatchObject({ id: f.venueA.id, name: 'Venue A', cardPayment: true });
    expect(Object.keys(venue)).not.toContain('orderSeq');
  });

  it('filters, searches, sorts and pages', async () => {
    const names = async (query: string) => (await rows(`/api/items/products?fields=name&${query}`)).map((r) => r.name);
    expect(await names(`filter=${q({ status: { _eq: 'available' } })}`)).toEqual(['Margherita', '100% Bufala']);
    expect(await names(`filter=${q({ price: { _gte: 12.5 } })}&sort=-price`)).toEqual(['100% Bufala', 'Diavola']);
    expect(await names(`filter=${q({ _or: [{ name: { _eq: 'Diavola' } }, { price: { _lt: 10 } }] })}`)).toEqual([
      'Margherita',
      'Diavola',
    ]);
    expect(await names(`filter=${q({ name: { _icontains: 'MARG' } })}`)).toEqual(['Margherita']);
    // % and _ are literal in searches.
    expect(await names('search=100%25')).toEqual(['100% Bufala']);
    expect(await names('search=ola')).toEqual(['Diavola']);
    expect(await names('sort=name')).toEqual(['100% Bufala', 'Diavola', 'Margherita']);
    expect(await names('sort=name&limit=2&page=2')).toEqual(['Margherita']);
    expect(await names('sort=name&limit=1&offset=1')).toEqual(['Diavola']);
    expect(await names(`filter=${q({ id: { _eq: 'not-a-uuid' } })}`)).toEqual([]);
  });

  it.each([
    ['fields=passwordHash', 'fields'],
    ['fields=name,orderSeq', 'fields'],
    ['sort=preferences', 'sort'],
    ['filter=not-json', 'filter'],
    [`filter=${encodeURIComponent('{"secret":{"_eq":1}}')}`, 'filter.secret'],
    [`filter=${encodeURIComponent('{"name":{"_regex":"x"}}')}`, 'filter.name._regex'],
    [`filter=${encodeURIComponent('{"price":{"_gt":"cheap"}}')}`, 'filter.price._gt'],
    ['limit=0', 'limit'],
    ['limit=5000', 'limit'],
    ['page=0', 'page'],
  ])('refuses %s with a 400 naming %s', async (query, path) => {
    const res = await get(`/api/items/products?${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; issues: { path: string }[] };
    expect(body.code).toBe('VALIDATION');
    expect(body.issues.map((i) => i.path)).toContain(path);
  });

  it('is read-only', async () => {
    for (const method of ['POST', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/items/products', headers: f.headers('owner'), payload: {} });
      expect(res.statusCode).toBe(404);
    }
  });
});
