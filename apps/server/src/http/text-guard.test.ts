import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderingVenue, type OrderingVenue } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { dbKinds } from '../../test/test-db.ts';
import { deliveryQuotes, orders } from '../db/schema.ts';
import { findBadQueryEncoding, findBadText, TEXT_ISSUES } from './text-guard.ts';

describe('findBadText / findBadQueryEncoding', () => {
  it.each<[string, unknown, { path: string; code: string; message: string }[]]>([
    ['plain text, accents, emoji and a surrogate pair', { a: 'Crème brûlée 🍮', b: ['ok', 'ไก่'] }, []],
    [
      'a NUL in a nested value',
      { deliveryInfo: { fullName: 'Ada\u0000' } },
      [{ path: 'deliveryInfo.fullName', code: 'invalid_text', message: TEXT_ISSUES.nul }],
    ],
    [
      'a lone high surrogate in an array',
      { items: [{ notes: 'x' }, { notes: 'a\uD83Db' }] },
      [{ path: 'items[1].notes', code: 'invalid_text', message: TEXT_ISSUES.surrogate }],
    ],
    [
      'a lone low surrogate at the start',
      { message: '\uDC00hello' },
      [{ path: 'message', code: 'invalid_text', message: TEXT_ISSUES.surrogate }],
    ],
    [
      'a high surrogate at the very end',
      { message: 'hello\uD800' },
      [{ path: 'message', code: 'invalid_text', message: TEXT_ISSUES.surrogate }],
    ],
    [
      'a NUL in a property name',
      { ['k\u0000']: 1 },
      [{ path: 'k\uFFFD', code: 'invalid_text', message: TEXT_ISSUES.nul }],
    ],
    [
      'several bad fields, in order',
      { a: '\u0000', b: { c: '\uDFFF' } },
      [
        { path: 'a', code: 'invalid_text', message: TEXT_ISSUES.nul },
        { path: 'b.c', code: 'invalid_text', message: TEXT_ISSUES.surrogate },
      ],
    ],
  ])('%s', (_name, value, expected) => {
    expect(findBadText(value)).toEqual(expected);
  });

  it('reports at most ten fields', () => {
    expect(findBadText(Array.from({ length: 50 }, () => '\u0000'))).toHaveLength(10);
  });

  it.each<[string, string[]]>([
    ['/api/public/venue?venue=casa', []],
    ['/api/address?q=Via+Roma%2012&language=it', []],
    ['/api/public/venue?venue=%E0%A4%A', ['venue']],
    ['/api/address?q=%ZZ', ['q']],
    ['/api/order?orderId=%ED%A0%80', ['orderId']], // UTF-8 of a lone surrogate
    ['/api/order?%FF=1', ['%FF']],
  ])('%s', (url, paths) => {
    expect(findBadQueryEncoding(url).map((i) => i.path)).toEqual(paths);
  });
});

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';

describe.each(dbKinds)('bad text on every route that takes text, on %s', (kind) => {
  let t: TestApp;
  let v: OrderingVenue;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'carte-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Carte</title><div id="root"></div>');
    t = await createTestApp(kind, { env: { WEB_DIST: dist } });
    v = await createOrderingVenue(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const deliveryInfo = {
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '+393331234567',
    fullAddress: 'Via Roma 12, 00100 Roma',
  };
  /** JSON text with `bad` (a JSON escape such as \\u0000 or \\ud800) spliced in at `$BAD`. */
  const bodies: Record<string, () => { url: string; json: string; path: string }> = {
    'POST /api/order (a delivery name)': () => ({
      url: '/api/order',
      path: 'deliveryInfo.fullName',
      json: JSON.stringify({
        venueUrl: v.venue.venueUrl,
        venueId: v.venue.id,
        items: [{ productId: v.product.water, variationIds: [], quantity: 1 }],
        spot: 'delivery',
        delivery: true,
        deliveryCost: 4.5,
        deliveryInfo: { ...deliveryInfo, fullName: 'Ada$BAD' },
      }),
    }),
    'POST /api/order (an item note)': () => ({
      url: '/api/order',
      path: 'items[0].notes',
      json: JSON.stringify({
        venueUrl: v.venue.venueUrl,
        venueId: v.venue.id,
        items: [{ productId: v.product.water, variationIds: [], quantity: 1, notes: 'no ice$BAD' }],
        spot: '1',
        delivery: false,
      }),
    }),
    'POST /api/order (the spot)': () => ({
      url: '/api/order',
      path: 'spot',
      json: JSON.stringify({
        venueUrl: v.venue.venueUrl,
        venueId: v.venue.id,
        items: [{ productId: v.product.water, variationIds: [], quantity: 1 }],
        spot: '1$BAD',
        delivery: false,
      }),
    }),
    'POST /api/delivery-quote': () => ({
      url: '/api/delivery-quote',
      path: 'deliveryAddress',
      json: JSON.stringify({ venueUrl: v.venue.venueUrl, deliveryAddress: 'Via Roma 12$BAD' }),
    }),
    'POST /api/chat (the message)': () => ({
      url: '/api/chat',
      path: 'message',
      json: JSON.stringify({ venueUrl: v.venue.venueUrl, language: 'en', message: 'hello$BAD', history: [], cart: [] }),
    }),
    'POST /api/chat (the history)': () => ({
      url: '/api/chat',
      path: 'history[0].html',
      json: JSON.stringify({
        venueUrl: v.venue.venueUrl,
        language: 'en',
        message: 'hello',
        history: [{ role: 'user', html: 'hi$BAD' }],
        cart: [],
      }),
    }),
  };
  const kinds: [string, string, string][] = [
    ['a NUL', '\\u0000', TEXT_ISSUES.nul],
    ['a lone high surrogate', '\\ud800', TEXT_ISSUES.surrogate],
    ['a lone low surrogate', '\\udc00', TEXT_ISSUES.surrogate],
  ];
  const cases = Object.keys(bodies).flatMap((route) =>
    kinds.map(([name, escape, message]) => [route, name, escape, message]),
  );

  const counts = async () => ({
    orders: (await t.database.db.select({ n: count() }).from(orders))[0]!.n,
    quotes: (await t.database.db.select({ n: count() }).from(deliveryQuotes))[0]!.n,
  });

  it.each(cases)('%s with %s is a 400 naming the field, nothing written', async (route, _name, escape, message) => {
    const before = await counts();
    const { url, json, path: field } = bodies[route]!();
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: json.replace('$BAD', escape),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.json()).toEqual({
      success: false,
      error: 'The request is not valid.',
      code: 'VALIDATION',
      issues: [{ path: field, code: 'invalid_text', message }],
    });
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['/api/public/venue?venue=casa%00verde', 'venue', TEXT_ISSUES.nul],
    ['/api/public/venue?venue=%E0%A4%A', 'venue', TEXT_ISSUES.encoding],
    ['/api/order?orderId=%00', 'orderId', TEXT_ISSUES.nul],
    ['/api/order?orderId=%ED%A0%80', 'orderId', TEXT_ISSUES.encoding],
    ['/api/address?q=Via%20Roma%00', 'q', TEXT_ISSUES.nul],
    ['/api/address?q=%ZZ', 'q', TEXT_ISSUES.encoding],
  ])('GET %s is a 400 naming %s', async (url, field, message) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.json()).toEqual({
      success: false,
      error: 'The request is not valid.',
      code: 'VALIDATION',
      issues: [{ path: field, code: 'invalid_text', message }],
    });
  });

  it('still takes good text with accents, emoji and Thai', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        venueUrl: v.venue.venueUrl,
        venueId: v.venue.id,
        items: [{ productId: v.product.water, variationIds: [], quantity: 1 }],
        spot: '1',
        delivery: false,
      },
    });
    expect(res.statusCode).toBe(200);
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/delivery-quote',
      payload: { venueUrl: v.venue.venueUrl, deliveryAddress: 'ถนนสุขุมวิท 12, Crème 🍮' },
    });
    expect(quote.statusCode).toBe(200);
  });

  it.each(['/api/%ZZ', '/api/public/%E0%A4%A'])(
    'a malformed path %s is the 400 envelope with the API headers',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-request-id']).toBeTruthy();
      expect(res.json()).toEqual({
        success: false,
        error: 'The request is not valid.',
        code: 'VALIDATION',
        issues: [
          {
            path: 'url',
            code: 'invalid_format',
            params: { format: 'url_encoding' },
            message: 'is not valid URL encoding',
          },
        ],
      });
    },
  );

  it.each(['/%E0%A4%A', '/casa%ZZ/menu'])(
    'a malformed page path %s is the error page with the page headers',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'user-agent': PHONE } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('FST_ERR');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    },
  );
});
