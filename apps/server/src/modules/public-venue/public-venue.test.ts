import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { publicVenueResponseSchema, type PublicVenueResponse } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { products } from '../../db/schema.ts';
import { bumpMenuVersion, insertImageAsset, insertVenue } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';
import { invalidatePublicVenue, REVALIDATE_MS } from './public-venue.service.ts';

describe.each(dbKinds)('GET /api/public/venue on %s', (kind) => {
  let t: TestApp;
  let venueId: string;
  let iconId: string;
  let imageId: string;
  const venueUrl = 'casa-verde';

  beforeAll(async () => {
    t = await createTestApp(kind);
    iconId = await insertImageAsset(t.database.db, t.storage, { width: 128, height: 128 });
    imageId = await insertImageAsset(t.database.db, t.storage, { width: 800, height: 600 });
    const { venue } = await insertVenue(t.database.db, {
      venueUrl,
      headerIcon: iconId,
      categories: [
        { key: 'starters', name: 'Starters' },
        { key: 'mains', name: 'Mains' },
      ],
      products: [
        {
          key: 'burrata',
          name: 'Burrata',
          priceMinor: 1150,
          image: imageId,
          recommended: true,
          preferences: ['vegetarian'],
          allergenes: ['dairy'],
          categories: ['mains', 'starters'],
          variations: [
            { key: 'truffle', name: 'Truffle oil', priceVariationMinor: 300 },
            { key: 'plain', name: 'Plain', priceVariationMinor: 0 },
            { key: 'small', name: 'Small', priceVariationMinor: -150 },
          ],
        },
        { key: 'fish', name: 'Catch of the day', priceMinor: null, categories: ['mains'] },
        { key: 'tiramisu', name: 'Tiramisu', priceMinor: 1010, status: 'unavailable' },
      ],
    });
    venueId = venue.id;
    // An owner must never be exposed: the staff tables are not read, but a second venue must not leak in.
    await insertVenue(t.database.db, { venueUrl: 'other-place', products: [{ key: 'x', name: 'Other dish' }] });
  });
  afterAll(() => t?.close());

  const get = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/public/venue${query}`, headers });

  it('answers the venue and its menu in the shape of architecture.md 4.2', async () => {
    const res = await get(`?venue=${venueUrl}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json() as { success: true; data: PublicVenueResponse };
    expect(body.success).toBe(true);
    const { venue, menu } = body.data;
    expect(venue).toEqual({
      id: venueId,
      venueUrl,
      name: 'Casa Verde',
      currency: 'eur',
      currencySymbol: '€',
      headerIcon: `/media/${iconId}.webp`,
      defaultImage: null,
      inputPlaceholder: 'Ask me anything',
      useTextMenu: false,
      textMenu: null,
      spots: ['1', '2', 'Terrace A'],
      // Enabled on the venue, but with no delivery fee and no courier configured nothing could quote it.
      enable_uber_direct: false,
      theme: { primary: '#0f766e', accent: '#f59e0b' },
      // No Stripe keys configured: guests pay at the venue (payments.test.ts covers the other cases).
      cardPayment: false,
      categories: [
        { id: expect.any(String), name: 'Starters', availableNow: true },
        { id: expect.any(String), name: 'Mains', availableNow: true },
      ],
      // No opening hours: always open (architecture 4.10).
      availability: { open: true },
    });
    const productCategories = venue.categories.map(({ id, name }) => ({ id, name }));
    expect(menu.map((p) => p.name)).toEqual(['Burrata', 'Catch of the day', 'Tiramisu']);
    const [burrata, fish, tiramisu] = menu;
    expect(burrata).toEqual({
      id: expect.any(String),
      name: 'Burrata',
      description: 'Burrata, made today',
      price: 11.5,
      image: `/media/${imageId}.webp`,
      status: 'available',
      recommended: true,
      preferences: ['vegetarian'],
      allergenes: ['milk'], // imported as 'dairy': read as its meaning (decision 017)
      categories: productCategories, // in menu order, whatever order the links were written in
      variations: [
        { id: expect.any(String), name: 'Truffle oil', price_variation: 3, preferences: [], allergenes: [] },
        { id: expect.any(String), name: 'Plain', price_variation: 0, preferences: [], allergenes: [] },
        { id: expect.any(String), name: 'Small', price_variation: -1.5, preferences: [], allergenes: [] },
      ],
      variationGroups: [],
    });
    expect(fish).toMatchObject({ price: null, image: null, categories: [productCategories[1]], variations: [] });
    expect(tiramisu).toMatchObject({ price: 10.1, status: 'unavailable', categories: [] });
    expect(JSON.stringify(body)).not.toMatch(/owner|manager|Other dish|_minor/i);
    // The published contract describes every field sent (an object schema drops the fields it does not name).
    expect(publicVenueResponseSchema.parse(body.data)).toEqual(body.data);
  });

  it('sends an ETag and Cache-Control, and 304 without a body for a matching If-None-Match', async () => {
    const first = await get(`?venue=${venueUrl}`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const again = await get(`?venue=${venueUrl}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const stale = await get(`?venue=${venueUrl}`, { 'if-none-match': 'W/"something-else"' });
    expect(stale.statusCode).toBe(200);
  });

  it('shows a menu change at once when the writer invalidates the cache', async () => {
    const before = await get(`?venue=${venueUrl}`);
    await t.database.db.update(products).set({ priceMinor: 1290 }).where(eq(products.key, 'burrata'));
    await bumpMenuVersion(t.database.db, venueId);
    invalidatePublicVenue(venueUrl);
    const after = await get(`?venue=${venueUrl}`, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((after.json() as { data: PublicVenueResponse }).data.menu[0]!.price).toBe(12.9);
  });

  it('picks up a change written by another process within REVALIDATE_MS', async () => {
    const before = await get(`?venue=${venueUrl}`);
    await t.database.db.update(products).set({ priceMinor: 1300 }).where(eq(products.key, 'burrata'));
    await bumpMenuVersion(t.database.db, venueId);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + REVALIDATE_MS + 1);
      const after = await get(`?venue=${venueUrl}`, { 'if-none-match': before.headers.etag as string });
      expect(after.statusCode).toBe(200);
      expect((after.json() as { data: PublicVenueResponse }).data.menu[0]!.price).toBe(13);
    } finally {
      vi.useRealTimers();
    }
  });

  it('can be invalidated explicitly by a writer that does not bump the version', async () => {
    await t.database.db.update(products).set({ name: 'Burrata pugliese' }).where(eq(products.key, 'burrata'));
    invalidatePublicVenue(venueUrl);
    const res = await get(`?venue=${venueUrl}`);
    expect((res.json() as { data: PublicVenueResponse }).data.menu[0]!.name).toBe('Burrata pugliese');
  });

  it('compresses with brotli or gzip when the client accepts it', async () => {
    const plain = (await get(`?venue=${venueUrl}`)).body;
    const br = await get(`?venue=${venueUrl}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await get(`?venue=${venueUrl}`, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
  });

  it.each([
    ['', 400, 'VENUE_MISSING', 'Venue is missing.'],
    ['?venue=', 400, 'VENUE_MISSING', 'Venue is missing.'],
    ['?venue=%20%20', 400, 'VENUE_MISSING', 'Venue is missing.'],
    ['?venue=no-such-venue', 404, 'VENUE_NOT_FOUND', 'Venue not found'],
    ['?venue=..%2F..%2Fetc', 404, 'VENUE_NOT_FOUND', 'Venue not found'],
    [`?venue=${'x'.repeat(300)}`, 400, 'VALIDATION', 'The request is not valid.'],
    ['?venue=a&venue=b', 400, 'VALIDATION', 'The request is not valid.'],
    // Bad URL encoding is refused before any lookup (http/text-guard.ts).
    ['?venue=%E0%A4%A', 400, 'VALIDATION', 'The request is not valid.'],
  ])('answers %s with %i %s', async (query, status, code, error) => {
    const res = await get(query);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, code, error });
    expect(res.headers.etag).toBeUndefined();
  });

  it('names the bad field of a validation failure', async () => {
    const res = await get('?venue=a&venue=b');
    expect(res.json().issues).toEqual([
      { path: 'venue', code: 'invalid_type', params: { expected: 'string' }, message: 'must be a single venue url' },
    ]);
  });
});
