import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.ts';
import { insertVenue } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>' +
  `<!-- ${'padding so that the page is above the compression threshold '.repeat(30)} -->`;
const SCRIPT = `console.log(${JSON.stringify('carte '.repeat(400))});`;
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';

/** A built web app as `vite build` leaves it: hashed assets with .br and .gz twins. */
function makeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'carte-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

/** The page as served: the default venue is told to the app in a meta tag. */
const SERVED_INDEX = INDEX.replace('</head>', '<meta name="carte-default-venue" content="casa-verde"></head>');

describe.each(dbKinds)('the web app on %s', (kind) => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = makeDist();
    t = await createTestApp(kind, { env: { WEB_DIST: dist, DEFAULT_VENUE: 'casa-verde' } });
    await insertVenue(t.database.db, { venueUrl: 'casa-verde' });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = { 'user-agent': PHONE }) =>
    t.app.inject({ method: 'GET', url, headers });

  it.each([
    '/',
    '/casa-verde',
    '/casa-verde/menu',
    '/casa-verde/order',
    '/casa-verde/order-error/',
    '/casa-verde/error',
    '/error',
    '/admin',
    '/admin/login',
    '/admin/logout',
    '/admin/select-venue',
    '/admin/casa-verde',
    '/admin/casa-verde/menu',
    '/admin/casa-verde/menu/new',
    '/admin/casa-verde/orders',
    '/?l=th&spot=3',
  ])('serves the app at %s with 200', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(SERVED_INDEX);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
  });

  it.each([
    '/no-such-venue',
    '/no-such-venue/menu',
    '/casa-verde/nothing-here',
    '/a/b/c',
    '/Casa-Verde',
    '/media',
    '/index.html',
    '/casa-verde/order?orderId=garbage',
    '/casa-verde/order?orderId=00000000-0000-4000-8000-000000000000',
  ])('serves the error page at %s with 404 to people and a plain 404 to bots', async (url) => {
    const person = await get(url);
    expect(person.statusCode).toBe(404);
    expect(person.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(person.body).toBe(SERVED_INDEX);
    const bot = await get(url, { 'user-agent': GOOGLEBOT });
    expect(bot.statusCode).toBe(404);
    expect(bot.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(bot.body).toBe('Not Found');
  });

  it("serves an order's page with 200 at its own venue only", async () => {
    const other = await insertVenue(t.database.db, { venueUrl: 'casa-rossa' });
    const [order] = await t.database.db
      .insert(orders)
      .values({ number: 1, venueId: other.venue.id, spot: '1', currency: 'eur', subtotalMinor: 100, totalMinor: 100 })
      .returning({ id: orders.id });
    expect((await get(`/casa-rossa/order?orderId=${order!.id}`)).statusCode).toBe(200);
    expect((await get(`/casa-rossa/order?orderId=${order!.id.toUpperCase()}`)).statusCode).toBe(200);
    expect((await get(`/casa-verde/order?orderId=${order!.id}`)).statusCode).toBe(404);
  });

  it('answers HEAD like GET without a body', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/casa-verde/menu' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: '/nope/menu' })).statusCode).toBe(404);
  });

  it('serves hashed assets pre-compressed with a one-year immutable lifetime', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/app-abc123.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends a script only the headers a script needs, and a page and an SVG the document ones', async () => {
    const script = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'x-request-id']) {
      expect(script.headers[name]).toBeUndefined();
    }
    for (const url of ['/casa-verde', '/favicon.svg', '/assets/missing-123.js']) {
      const res = await get(url);
      expect(res.headers['content-security-policy'], url).toMatch(/script-src 'self'(;|$)/);
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('serves other files with a short lifetime and unknown assets as 404', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    expect((await get('/assets/missing-123.js')).statusCode).toBe(404);
  });

  it('sends the HTML page compressed to clients that accept it', async () => {
    const br = await get('/casa-verde', { 'accept-encoding': 'gzip, br', 'user-agent': PHONE });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SERVED_INDEX);
    const gz = await get('/nowhere', { 'accept-encoding': 'gzip', 'user-agent': PHONE });
    expect(gz.statusCode).toBe(404);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SERVED_INDEX);
  });

  it('keeps /api paths in the JSON envelope', async () => {
    const res = await get('/api/menu');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});

describe('the web app before it is built', () => {
  it('answers app routes with a 503 that says how to build it', async () => {
    const t = await createTestApp('pglite');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toMatch(/npm run build/);
      // The API still works.
      expect((await t.app.inject({ method: 'GET', url: '/api/public/venue' })).statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });
});
