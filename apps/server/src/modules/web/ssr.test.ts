import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { testVariable } from '../../env.ts';
import { bumpMenuVersion, insertVenue } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';
import { invalidatePublicVenue, REVALIDATE_MS } from '../public-venue/public-venue.service.ts';

/**
 * The server-rendered guest pages (issue 11) with the real web build: `vite build` and
 * `vite build --ssr` of apps/web into a throw-away folder, served through WEB_DIST.
 */
const WEB_DIR = fileURLToPath(new URL('../../../../web', import.meta.url));
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** A dish name that tries to end the embedded JSON's script element. */
const SNEAKY = 'Tiramisù </script><script>window.__xss=1</script>';

function buildWeb(outDir: string): void {
  for (const args of [
    ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    [
      'vite',
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      path.join(outDir, 'server'),
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
  ]) {
    // A production build, as `npm run build` makes it (the test runner's NODE_ENV is 'test').
    const r = spawnSync('env', ['NODE_ENV=production', 'npx', ...args], { cwd: WEB_DIR, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`npx ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  }
}

/** The JSON the page embeds for the app (one script element). */
function embedded(html: string): { venue: string | undefined; status: string | undefined; json: unknown } {
  const scripts = [...html.matchAll(/<script type="application\/json" id="carte-venue"([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  const [, attributes = '', text = ''] = scripts[0]!;
  return {
    venue: /data-venue="([^"]*)"/.exec(attributes)?.[1],
    status: /data-status="([^"]*)"/.exec(attributes)?.[1],
    json: JSON.parse(text),
  };
}

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'carte-ssr-dist-'));
  buildWeb(dist);
}, 240_000);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe.each(dbKinds)('server-rendered guest pages on %s', (kind) => {
  let t: TestApp;
  let burrataId: string;
  let venueId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { WEB_DIST: dist, DEFAULT_VENUE: 'casa-verde' } });
    const inserted = await insertVenue(t.database.db, {
      venueUrl: 'casa-verde',
      name: 'Casa Verde',
      categories: [
        { key: 'starters', name: 'Starters' },
        { key: 'desserts', name: 'Desserts' },
      ],
      products: [
        { key: 'burrata', name: 'Burrata', priceMinor: 1150, categories: ['starters'] },
        { key: 'tiramisu', name: SNEAKY, priceMinor: 650, categories: ['desserts'] },
      ],
    });
    burrataId = inserted.productIds.get('burrata')!;
    venueId = inserted.venue.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { 'user-agent': PHONE, ...headers } });

  it('renders the menu with its dishes, prices and the venue answer embedded once', async () => {
    const res = await get('/casa-verde/menu');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toContain('<html lang="en" style="--brand:#0f766e;');
    expect(html).toContain('<title>Casa Verde · Menu</title>');
    const root = /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '';
    expect(root).toContain('>Burrata</h3>');
    expect(root).toContain('€11.50');
    expect(root).toContain('€6.50');
    expect(root).toContain('Tiramisù &lt;/script&gt;&lt;script&gt;window.__xss=1&lt;/script&gt;');
    // The data is the API's answer, byte for byte once parsed, and cannot end its script element.
    expect(html).not.toContain('</script><script>window.__xss');
    const api = await get('/api/public/venue?venue=casa-verde');
    expect(embedded(html)).toEqual({ venue: 'casa-verde', status: '200', json: api.json() });
    // No Suspense fallback reached the HTML, and no script runs inline (the CSP forbids it).
    expect(html).not.toContain('<!--$!-->');
    expect(html).not.toMatch(/<script(?![^>]*(type="module"[^>]*src=|type="application\/json"))/);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
  });

  it('renders the chat page with its welcome, and / as the default venue', async () => {
    for (const url of ['/casa-verde', '/']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Welcome to Casa Verde');
      expect(res.body).toContain('<title>Casa Verde · Chat</title>');
      expect(embedded(res.body).venue).toBe('casa-verde');
    }
  });

  it('inlines the stylesheet and preloads the guest chunk instead of linking a blocking sheet', async () => {
    const html = (await get('/casa-verde/menu')).body;
    expect(html).toMatch(/<style>[\s\S]*--brand[\s\S]*<\/style>/);
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).not.toContain('<noscript>');
  });

  it('starts its scripts from the boot script once the page has painted, with the guest chunk preloaded', async () => {
    const html = (await get('/casa-verde/menu')).body;
    const head = html.slice(0, html.indexOf('</head>'));
    // One module script, the boot script, naming the entry and everything it preloads.
    expect(head.match(/<script type="module"/g)).toHaveLength(1);
    expect(head).not.toContain('rel="modulepreload"');
    const boot =
      /<script type="module" crossorigin src="(\/assets\/boot-[\w-]+\.js)" data-entry="((?:\/assets\/[\w-]+\.js ?)+)" data-preload="([^"]*)"><\/script>/.exec(
        head,
      );
    expect(boot).not.toBeNull();
    const preloads = boot![3]!.split(' ');
    expect(preloads.some((file) => /^\/assets\/guest-pages-[\w-]+\.js$/.test(file))).toBe(true);
    // Every file it names is served, the entry (index.html's module scripts) first.
    const entries = boot![2]!.split(' ');
    expect(entries.length).toBeGreaterThan(0);
    for (const file of [boot![1]!, ...entries, ...preloads]) expect((await get(file)).statusCode).toBe(200);
    // A French page also preloads the French strings.
    const fr = (await get('/casa-verde/menu?l=fr')).body;
    expect(/data-preload="([^"]*)"/.exec(fr)![1]!.split(' ').length).toBe(preloads.length + 1);
  });

  it("preloads the chunk of the page it shows, not the other page's", async () => {
    const preloadsOf = async (url: string) => /data-preload="([^"]*)"/.exec((await get(url)).body)![1]!.split(' ');
    const menu = await preloadsOf('/casa-verde/menu');
    const chat = await preloadsOf('/casa-verde');
    const has = (list: string[], page: string) => list.some((file) => new RegExp(`^/assets/${page}-[\\w-]+\\.js$`).test(file));
    expect([has(menu, 'menu-page'), has(menu, 'chat-page')]).toEqual([true, false]);
    expect([has(chat, 'chat-page'), has(chat, 'menu-page')]).toEqual([true, false]);
    // An unknown venue shows the not-found page: neither page's chunk.
    const missing = await get('/no-such-venue');
    expect(missing.statusCode).toBe(404);
    const missingPreloads = /data-preload="([^"]*)"/.exec(missing.body)![1]!.split(' ');
    expect([has(missingPreloads, 'menu-page'), has(missingPreloads, 'chat-page')]).toEqual([false, false]);
  });

  it('chooses the language like the app: ?l=, then the cookie, then Accept-Language', async () => {
    const fr = await get('/casa-verde/menu?l=fr', { cookie: 'i18n_redirected=de', 'accept-language': 'it' });
    expect(fr.body).toContain('<html lang="fr"');
    expect(fr.body).toMatch(/11,50\s€/u);
    expect(fr.body).toContain('<title>Casa Verde · Carte</title>');
    const de = await get('/casa-verde', { cookie: 'i18n_redirected=de', 'accept-language': 'it' });
    expect(de.body).toContain('<html lang="de"');
    expect(de.body).toContain('Willkommen');
    const it_ = await get('/casa-verde/menu', { 'accept-language': 'xx, it-IT;q=0.9, fr;q=0.8' });
    expect(it_.body).toContain('<html lang="it"');
    const unknown = await get('/casa-verde/menu?l=xx', { 'accept-language': 'pt-BR' });
    expect(unknown.body).toContain('<html lang="en"');
    // A page for one language never answers a request for another: caches key on these headers.
    expect(fr.headers.vary).toBe('accept-encoding, accept-language, cookie');
    expect(fr.headers.etag).not.toBe(de.headers.etag);
  });

  it('answers 304 to its ETag, the same ETag for every ?spot=, and sends it compressed once', async () => {
    const first = await get('/casa-verde/menu?spot=1');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect((await get('/casa-verde/menu?spot=Terrace%20A')).headers.etag).toBe(etag);
    expect((await get('/casa-verde/menu')).headers.etag).toBe(etag);
    const again = await get('/casa-verde/menu?spot=2', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/casa-verde', { 'if-none-match': etag })).statusCode).toBe(200);
    const br = await get('/casa-verde/menu', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    const head = await t.app.inject({ method: 'HEAD', url: '/casa-verde/menu' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('shows a menu change in the next page, from this process at once and from another within REVALIDATE_MS', async () => {
    const before = await get('/casa-verde/menu');
    expect(before.body).toContain('€11.50');
    // A write in this process: the staff menu service invalidates after its commit.
    await t.database.db.update(products).set({ priceMinor: 1290 }).where(eq(products.id, burrataId));
    await bumpMenuVersion(t.database.db, venueId);
    invalidatePublicVenue('casa-verde');
    const after = await get('/casa-verde/menu', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('€12.90');
    expect(after.body).not.toContain('€11.50');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // A write by another process: only the venue's version changes in the database.
    await t.database.db.update(products).set({ priceMinor: 1375 }).where(eq(products.id, burrataId));
    await bumpMenuVersion(t.database.db, venueId);
    await sleep(REVALIDATE_MS + 100);
    const later = await get('/casa-verde/menu');
    expect(later.body).toContain('€13.75');
    expect(embedded(later.body).json).toEqual((await get('/api/public/venue?venue=casa-verde')).json());
  });

  it('answers an unknown venue with the not-found page (404 HTML), and a plain 404 to crawlers', async () => {
    for (const url of ['/no-such-venue', '/no-such-venue/menu', '/Casa-Verde', '/admin-x/menu']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('Page not found');
      expect(res.body).toContain('<title>Page not found · Carte</title>');
      expect(embedded(res.body)).toMatchObject({ status: '404', json: { success: false, code: 'VENUE_NOT_FOUND' } });
      const bot = await get(url, { 'user-agent': GOOGLEBOT });
      expect(bot.statusCode).toBe(404);
      expect(bot.body).toBe('Not Found');
    }
  });

  it('never serves the server renderer or the build manifest as files', async () => {
    for (const url of ['/server/entry-server.js', '/server/package.json', '/.vite/manifest.json']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('renderToString');
    }
  });

  it('keeps the other pages as the single-page shell', async () => {
    for (const url of ['/admin/login', '/casa-verde/order', '/error']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('id="carte-venue"');
    }
  });
});

describe.each(dbKinds)('server-rendered guest pages while the database is away, on %s', (kind) => {
  let t: TestApp;
  let admin: pg.Client | undefined;
  let dbName = '';

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { WEB_DIST: dist, DEFAULT_VENUE: 'casa-verde' } });
    await insertVenue(t.database.db, { venueUrl: 'casa-verde', products: [{ key: 'a', name: 'Burrata' }] });
    if (kind === 'postgres') {
      dbName = new URL(t.database.url!).pathname.slice(1);
      admin = new pg.Client({ connectionString: testVariable('TEST_DATABASE_URL') });
      await admin.connect();
    }
  });
  afterAll(async () => {
    await admin?.query(`alter database ${dbName} allow_connections true`).catch(() => {});
    await admin?.end();
    await t?.close();
  });

  /** PostgreSQL: refuse new connections and cut the pool's. PGlite (in the process): its queries fail to connect. */
  const takeDatabaseAway = async (): Promise<() => Promise<void>> => {
    if (admin) {
      await admin.query(`alter database ${dbName} allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [dbName]);
      return async () => {
        await admin!.query(`alter database ${dbName} allow_connections true`);
      };
    }
    const db = t.database.db as unknown as { select: unknown };
    const select = db.select;
    db.select = () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    };
    return async () => {
      db.select = select;
    };
  };

  it('answers the guest pages with an HTML error page and 503, and other pages with the HTML shell', async () => {
    const restore = await takeDatabaseAway();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/casa-verde/menu', headers: { 'user-agent': PHONE } });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('Internal Server Error');
      expect(res.body).toContain('503');
      expect(embedded(res.body)).toMatchObject({ status: '503', json: { code: 'SERVICE_UNAVAILABLE' } });
      const order = await t.app.inject({ method: 'GET', url: '/casa-verde/order' });
      expect(order.statusCode).toBe(503);
      expect(order.headers['content-type']).toBe('text/html; charset=utf-8');
    } finally {
      await restore();
    }
    // Back: the page renders again.
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: '/casa-verde/menu' })).statusCode, {
        timeout: 20_000,
      })
      .toBe(200);
  });
});
