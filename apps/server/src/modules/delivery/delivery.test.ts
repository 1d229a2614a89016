import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryQuotes } from '../../db/schema.ts';
import { parseEnv } from '../../env.ts';
import { buildApp } from '../../app.ts';
import type { DeliveryProvider } from '../../providers/delivery/delivery-provider.ts';
import { createMemoryStorage } from '../../providers/storage/local-disk.ts';
import { createOrderingVenue, type OrderingVenue } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';

describe.each(dbKinds)('delivery quote and address suggestions on %s', (kind) => {
  let t: TestApp;
  let v: OrderingVenue;
  let noDelivery: OrderingVenue;
  let noFee: OrderingVenue;

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { rateLimit: { max: 100_000 } } });
    v = await createOrderingVenue(t.database.db, { currency: 'thb', deliveryFeeMinor: 4500 });
    noDelivery = await createOrderingVenue(t.database.db, { enableUberDirect: false });
    noFee = await createOrderingVenue(t.database.db, { deliveryFeeMinor: null });
  });
  afterAll(async () => {
    await t?.close();
  });

  const quote = (payload: unknown, app: FastifyInstance = t.app) =>
    app.inject({
      method: 'POST',
      url: '/api/delivery-quote',
      headers: { 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('quotes the venue fee, remembers it for 30 minutes and says so', async () => {
    const res = await quote({ venueUrl: v.venue.venueUrl, deliveryAddress: '  Sukhumvit   Soi 11, Bangkok ' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ fee: 45, currency: 'thb' });
    const ttl = Date.parse(data.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(29 * 60_000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000);
    const [row] = await t.database.db.select().from(deliveryQuotes).where(eq(deliveryQuotes.id, data.quoteId));
    expect(row).toMatchObject({
      venueId: v.venue.id,
      feeMinor: 4500,
      address: 'Sukhumvit Soi 11, Bangkok',
      provider: 'offline',
    });
  });

  it.each<[string, () => unknown, number, string, string]>([
    [
      'an empty address',
      () => ({ venueUrl: v.venue.venueUrl, deliveryAddress: '   ' }),
      400,
      'INVALID_ADDRESS',
      'Invalid address provided',
    ],
    [
      'a numeric address',
      () => ({ venueUrl: v.venue.venueUrl, deliveryAddress: 42 }),
      400,
      'INVALID_ADDRESS',
      'Invalid address provided',
    ],
    ['no address', () => ({ venueUrl: v.venue.venueUrl }), 400, 'INVALID_ADDRESS', 'Invalid address provided'],
    [
      'an empty venueUrl',
      () => ({ venueUrl: '', deliveryAddress: 'Via Roma 12' }),
      400,
      'INVALID_VENUE_URL',
      'Invalid venueUrl provided',
    ],
    [
      'a list as venueUrl',
      () => ({ venueUrl: ['a'], deliveryAddress: 'Via Roma 12' }),
      400,
      'INVALID_VENUE_URL',
      'Invalid venueUrl provided',
    ],
    ['malformed JSON', () => '{"venueUrl":', 400, 'MALFORMED_JSON', 'The request body is not valid JSON.'],
    [
      'an unknown venue',
      () => ({ venueUrl: 'nowhere', deliveryAddress: 'Via Roma 12' }),
      404,
      'VENUE_NOT_FOUND',
      'Venue not found',
    ],
    [
      'a venue without delivery',
      () => ({ venueUrl: noDelivery.venue.venueUrl, deliveryAddress: 'Via Roma 12' }),
      400,
      'DELIVERY_NOT_AVAILABLE',
      'Delivery is not available for this venue.',
    ],
    [
      'a venue with delivery but no fee configured',
      () => ({ venueUrl: noFee.venue.venueUrl, deliveryAddress: 'Via Roma 12' }),
      500,
      'DELIVERY_COST_FAILED',
      'Error fetching delivery cost',
    ],
  ])('refuses %s', async (_name, payload, status, code, error) => {
    const before = (await t.database.db.select().from(deliveryQuotes)).length;
    const res = await quote(payload());
    expect(res.statusCode).toBe(status);
    const { issues, ...envelope } = res.json() as { issues?: { path: string; code: string }[] };
    expect(envelope).toEqual({ success: false, code, error });
    // A field the schema refused is named: the address before the venue, as the messages go.
    const field = { INVALID_ADDRESS: 'deliveryAddress', INVALID_VENUE_URL: 'venueUrl' }[code as string];
    if (field) expect(issues).toEqual([expect.objectContaining({ path: field, code: expect.any(String) })]);
    else expect(issues).toBeUndefined();
    expect((await t.database.db.select().from(deliveryQuotes)).length).toBe(before);
  });

  it('refuses a field it does not name with VALIDATION, naming it', async () => {
    const res = await quote({ venueUrl: v.venue.venueUrl, deliveryAddress: 'Via Roma 12', fee: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      issues: [{ path: '(root)', code: 'unrecognized_keys', params: { keys: ['fee'] } }],
    });
  });

  describe('with a provider that misbehaves', () => {
    let app: FastifyInstance;
    let fee: unknown;
    beforeAll(async () => {
      const provider: DeliveryProvider = {
        name: 'fake',
        quote: async () => ({ fee: fee as number, expiresAt: new Date(Date.now() + 3_600_000) }),
        createDelivery: async () => ({ providerRef: null, status: 'pending', trackingUrl: null }),
      };
      // The whole app on the same database, with this provider at the composition root.
      app = await buildApp({
        env: parseEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test', QUOTE_RATE_LIMIT_PER_MINUTE: '100000' }),
        database: t.database,
        storage: createMemoryStorage(),
        logger: false,
        delivery: provider,
      });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
    });

    it.each<[string, unknown]>([
      ['text', '4.50'],
      ['null', null],
      ['NaN', Number.NaN],
      ['a fraction of a cent', 4.5],
      ['negative', -100],
    ])('a %s fee is a 500 "Invalid delivery cost data received"', async (_name, value) => {
      fee = value;
      const res = await quote({ venueUrl: v.venue.venueUrl, deliveryAddress: 'Sukhumvit Soi 11' }, app);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        success: false,
        code: 'INVALID_DELIVERY_COST',
        error: 'Invalid delivery cost data received',
      });
    });

    it('caps a longer provider validity at 30 minutes', async () => {
      fee = 700;
      const res = await quote({ venueUrl: v.venue.venueUrl, deliveryAddress: 'Sukhumvit Soi 11' }, app);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.fee).toBe(7);
      expect(Date.parse(res.json().data.expiresAt) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    });
  });

  describe('GET /api/address', () => {
    const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/address?${query}` });

    it.each<[string, string, { full_address: string }[]]>([
      ['the typed address, normalised', 'q=%20Via%20%20Roma%2012%20&language=it-IT', [{ full_address: 'Via Roma 12' }]],
      ['fewer than 3 characters', 'q=Vi&language=en-US', []],
      ['3 characters after trimming only', 'q=%20%20Vi%20%20&language=en-US', []],
      ['exactly 3 characters', 'q=Via&language=fr-FR', [{ full_address: 'Via' }]],
      ['no query', 'language=en-US', []],
      [
        'Thai',
        'q=%E0%B8%96%E0%B8%99%E0%B8%99%20%E0%B8%AA%E0%B8%B8%E0%B8%82%E0%B8%B8%E0%B8%A1%E0%B8%A7%E0%B8%B4%E0%B8%97&language=th-TH',
        [{ full_address: 'ถนน สุขุมวิท' }],
      ],
      ['German', 'q=Hauptstra%C3%9Fe%201&language=de-DE', [{ full_address: 'Hauptstraße 1' }]],
      ['no language (en-US)', 'q=Main%20Street%201', [{ full_address: 'Main Street 1' }]],
    ])('%s', async (_name, query, expected) => {
      const res = await get(query);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: expected });
    });

    it.each<[string, string, string]>([
      ['an unsupported language', 'q=Via%20Roma&language=es-ES', 'INVALID_LANGUAGE'],
      ['a bare language', 'q=Via%20Roma&language=en', 'INVALID_LANGUAGE'],
      ['a repeated query', 'q=Via&q=Roma&language=en-US', 'VALIDATION'],
    ])('refuses %s', async (_name, query, code) => {
      const res = await get(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code });
    });
  });
});
