import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertImageAsset } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { dbKinds } from '../../test/test-db.ts';
import { JSON_BODY_LIMIT } from '../app.ts';
import { createMemoryStorage } from '../providers/storage/local-disk.ts';
import { isBot } from './bots.ts';
import { etagMatches, pickEncoding } from './conditional.ts';
import { instancePathToField } from './error-handler.ts';

describe.each(dbKinds)('HTTP rules on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it.each([
    ['GET', '/api'],
    ['GET', '/api/nothing-here'],
    ['GET', '/api/menu'], // would match the app route /:id/menu if /api were not fenced off
    ['DELETE', '/api/public/venue'],
    ['POST', '/api/public/venue'],
  ])('%s %s is a 404 envelope', async (method, url) => {
    const res = await t.app.inject({ method: method as 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ success: false, error: 'Not found', code: 'NOT_FOUND' });
  });

  it.each([
    ['{"venueUrl": ', 'truncated JSON'],
    ["{'a': 1}", 'single quotes'],
    ['', 'an empty body'],
  ])('answers %j (%s) with 400 MALFORMED_JSON', async (payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: 'The request body is not valid JSON.',
      code: 'MALFORMED_JSON',
    });
  });

  it('answers an oversized JSON body with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ notes: 'x'.repeat(JSON_BODY_LIMIT) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, error: 'The request is too large.', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers an unsupported content type with a 415 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'abc',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('sets the security headers on pages, with a CSP that allows no inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' }); // 503 "not built" here: still a page
    const csp = res.headers['content-security-policy'] as string;
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `));
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(directive('img-src')).toBe("img-src 'self' data: blob:");
    expect(directive('connect-src')).toBe("connect-src 'self'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(csp).not.toMatch(/upgrade-insecure-requests/); // http://localhost must keep working
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sets the API security headers on JSON responses, errors included', async () => {
    for (const url of ['/api/public/venue?venue=x', '/api/nothing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers GET /healthz and GET /readyz while the database is up', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok' });
  });
});

describe.each(dbKinds)('readiness with the database gone on %s', (kind) => {
  it('answers 503 on /readyz and still 200 on /healthz', async () => {
    const t = await createTestApp(kind);
    try {
      await t.database.close();
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable' });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.app.close();
    }
  });
});

describe('rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { deps: { rateLimit: { max: 3, timeWindow: 60_000 } } });
  });
  afterAll(() => t?.close());

  it('rate-limits /api per client address with a 429 envelope, but not the cached public menu', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 5; i++) {
      last = await t.app.inject({ method: 'GET', url: '/api/unknown', remoteAddress: '10.9.9.9' });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
    expect(last!.json()).toEqual({
      success: false,
      error: 'Too many requests. Please try again later.',
      code: 'RATE_LIMITED',
    });
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await t.app.inject({ method: 'GET', url: '/api/unknown', remoteAddress: '10.9.9.10' })).statusCode).toBe(
      404,
    );
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({ method: 'GET', url: '/api/public/venue?venue=none', remoteAddress: '10.9.9.9' });
      expect(r.statusCode).toBe(404);
    }
  });
});

describe('an unexpected failure', () => {
  it('answers 500 INTERNAL without details and logs the error with its stack', async () => {
    const logged: string[] = [];
    const failing = createMemoryStorage();
    const t = await createTestApp('pglite', {
      deps: {
        storage: { ...failing, get: async () => Promise.reject(new Error('disk on fire at /srv/secret/path')) },
        logger: {
          level: 'error',
          stream: new Writable({ write: (chunk, _enc, done) => (logged.push(String(chunk)), done()) }),
        },
      },
    });
    try {
      const id = await insertImageAsset(t.database.db, failing, { width: 100, height: 100 });
      const res = await t.app.inject({ method: 'GET', url: `/media/${id}.webp?w=64` });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        success: false,
        error: 'An error occurred. Please try again later.',
        code: 'INTERNAL',
      });
      expect(res.body).not.toMatch(/fire|secret|at /);
      expect(logged.join('')).toMatch(/disk on fire/);
      expect(logged.join('')).toMatch(/"stack"/);
    } finally {
      await t.close();
    }
  });
});

describe('HTTPS deployments', () => {
  it('add HSTS and upgrade-insecure-requests when PUBLIC_URL is https', async () => {
    const t = await createTestApp('pglite', { env: { PUBLIC_URL: 'https://menu.example.com' } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['content-security-policy']).toMatch(/upgrade-insecure-requests/);
    } finally {
      await t.close();
    }
  });
});

describe('request helpers', () => {
  it.each([
    ['/items/0/quantity', 'items[0].quantity'],
    ['/venue', 'venue'],
    ['', '(root)'],
    ['/a~1b', 'a/b'],
  ])('instance path %j names the field %j', (input, expected) => {
    expect(instancePathToField(input)).toBe(expected);
  });

  it.each([
    ['"abc"', 'W/"abc"', true],
    ['W/"abc"', 'W/"abc"', true],
    ['"x", W/"abc"', 'W/"abc"', true],
    ['*', 'W/"abc"', true],
    ['"abd"', 'W/"abc"', false],
    [undefined, 'W/"abc"', false],
  ])('If-None-Match %j against %j matches: %s', (header, etag, expected) => {
    expect(etagMatches(header, etag)).toBe(expected);
  });

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip,br', 'br'],
    ['deflate', null],
    ['brotli-ish', null],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0', null],
    ['identity', null],
    [undefined, null],
    ['*', 'gzip'],
  ])('Accept-Encoding %j picks %j', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });

  it.each([
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', true],
    ['Mozilla/5.0 (compatible; YandexBot/3.0)', true],
    ['facebookexternalhit/1.1', true],
    ['Twitterbot/1.0', true],
    ['Mozilla/5.0 (compatible; AhrefsBot/7.0)', true],
    ['Some-Crawler/1.0', true],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1', false],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      false,
    ],
    [
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36 Chrome-Lighthouse',
      false,
    ],
    ['curl/8.5.0', false],
    [undefined, false],
  ])('%s is a bot: %s', (ua, expected) => {
    expect(isBot(ua)).toBe(expected);
  });
});
