import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { RESERVED_VENUE_URLS, VENUE_URL_PATTERN } from '@carte/domain';
import { LANGUAGE_COOKIE } from '@carte/domain/languages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { isBot } from '../../http/bots.ts';
import { etagMatches, pickEncoding } from '../../http/conditional.ts';
import { isDatabaseUnavailable } from '../../http/error-handler.ts';
import { isOrderOfVenue } from '../orders/orders.service.ts';
import { createPublicVenueService, findVenueVersion } from '../public-venue/public-venue.service.ts';
import { createGuestPages, type GuestPages } from './guest-pages.ts';
import { pageLanguage } from './page-language.ts';
import { loadServerRenderer, preparePageTemplate, SSR_DIR, type RenderedPage } from './ssr.ts';

/** apps/web/dist, next to this workspace. */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

const NOT_BUILT =
  'Carte: the web app is not built yet.\nRun `npm run build` (or `npm start`, which builds what is missing) and reload.\n';
/** A venue that exists is re-checked after 10 s; an unknown slug after 1 s (it may be created any moment). */
const SLUG_TTL_MS = 10_000;
const MISSING_SLUG_TTL_MS = 1_000;
const MAX_SLUGS = 5_000;

/** App routes that do not name a venue. */
const FIXED_ROUTES = [
  '/error',
  '/admin',
  '/admin/login',
  '/admin/logout',
  '/admin/select-venue',
  '/admin/:id',
  // The back office's sections (menu, orders, settings, tables, staff, a product): the staff app routes them.
  '/admin/:id/*',
];
/** App routes whose first segment is a venue slug that must exist. */
const VENUE_ROUTES = ['/:id/order', '/:id/order-error', '/:id/error'];
/** The guest pages, rendered on the server (`/` is the default venue's chat). */
const GUEST_ROUTES = ['/', '/:id', '/:id/menu'];

export interface WebAppOptions {
  db: Db;
  /** The built single-page app (index.html, assets/). */
  distDir: string;
  /** Venue served at `/`: told to the app by a meta tag in index.html. */
  defaultVenue: string;
  /** What the public venue answers carry (as GET /api/public/venue): the guest pages embed the same. */
  publicVenue?: { courier: boolean; cardPayment?: boolean };
  /**
   * The document security headers: a request for a script or a photo gets only the asset headers
   * (http/security.ts), so when it ends on the not-found page, that page gets these.
   */
  documentHeaders?: Record<string, string>;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.html with the default venue's meta tag, and its compressed forms (computed once). */
export function prepareIndexHtml(raw: Buffer, defaultVenue: string) {
  const meta = `<meta name="carte-default-venue" content="${escapeAttribute(defaultVenue)}">`;
  const text = raw.toString('utf8');
  const identity = Buffer.from(text.includes('</head>') ? text.replace('</head>', `${meta}</head>`) : meta + text);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/**
 * `{id, builtAt}` of the build in distDir: builds/latest.json as the build wrote it (apps/web
 * vite.config.ts; index.html carries the same id), else the hash of index.html and its time.
 * Read once, like index.html: a deployment replaces the server process with its files.
 */
export async function readLatestBuild(distDir: string, indexFile: string): Promise<string | null> {
  try {
    const written = JSON.parse(await readFile(path.join(distDir, 'builds', 'latest.json'), 'utf8')) as {
      id?: unknown;
      builtAt?: unknown;
    };
    if (typeof written.id === 'string' && written.id !== '') {
      return JSON.stringify({ id: written.id, builtAt: typeof written.builtAt === 'string' ? written.builtAt : null });
    }
  } catch {
    // Not written by this build: computed from index.html below.
  }
  try {
    const [html, info] = await Promise.all([readFile(indexFile), stat(indexFile)]);
    const id = createHash('sha256').update(html).digest('hex').slice(0, 16);
    return JSON.stringify({ id, builtAt: info.mtime.toISOString() });
  } catch {
    return null;
  }
}

/**
 * Serves the built web app: hashed files under /assets for a year, other files for an hour,
 * pre-compressed .br/.gz when the client accepts them, index.html for every app route (200), and
 * for unknown paths and unknown venue slugs a 404: the app's error page for people, a plain
 * `Not Found` for crawlers. Must be registered on the root instance: it owns the root 404 handler.
 */
export async function registerWebApp(app: FastifyInstance, opts: WebAppOptions): Promise<void> {
  const distDir = path.resolve(opts.distDir);
  const indexFile = path.join(distDir, 'index.html');
  /** index.html (with the default venue) and its compressed forms. */
  let indexHtml: { identity: Buffer; br: Buffer | null; gzip: Buffer | null } | null = null;

  const loadIndex = async () => {
    if (indexHtml) return indexHtml;
    try {
      indexHtml = prepareIndexHtml(await readFile(indexFile), opts.defaultVenue);
    } catch {
      indexHtml = null;
    }
    return indexHtml;
  };

  const latestBuild = await readLatestBuild(distDir, indexFile);
  // The build this server serves (spec 7): open pages compare it with the one they booted with.
  app.get('/builds/latest.json', (_request, reply) => {
    if (!latestBuild)
      return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not Found');
    return reply
      .header('cache-control', 'no-cache, no-store, must-revalidate')
      .type('application/json; charset=utf-8')
      .send(latestBuild);
  });

  if (existsSync(indexFile)) {
    await loadIndex();
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // index.html is answered by the app routes below; compressed twins are found by preCompressed.
      // The server renderer (server/) and the build manifest are the server's, never sent.
      globIgnore: ['index.html', '**/*.gz', '**/*.br', 'builds/**', `${SSR_DIR}/**`, '.vite/**'],
      setHeaders(reply, file) {
        const rel = path.relative(distDir, file).split(path.sep).join('/');
        reply.header(
          'cache-control',
          rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  // The guest pages' server renderer ships inside the build (server/entry-server.js). A build
  // without one (built before it existed) serves every page as the single-page shell, as before.
  let guestPages: GuestPages | null = null;
  const builtIndex = await loadIndex();
  if (builtIndex) {
    try {
      const renderer = await loadServerRenderer(distDir);
      if (!renderer) {
        app.log.warn(
          `No server renderer in ${path.join(distDir, SSR_DIR)}: the guest pages are served as the single-page shell (npm run build builds it).`,
        );
      } else {
        const venues = createPublicVenueService(opts.db, opts.publicVenue ?? { courier: false });
        app.addHook('onClose', async () => venues.dispose());
        guestPages = createGuestPages({
          renderer,
          template: await preparePageTemplate(distDir, builtIndex.identity.toString('utf8')),
          venues,
          buildId: latestBuild ? String((JSON.parse(latestBuild) as { id: unknown }).id) : '',
          defaultVenue: opts.defaultVenue,
        });
      }
    } catch (error) {
      app.log.error({ err: error }, 'The server renderer could not be loaded: the guest pages are served as the single-page shell');
    }
  }

  const slugs = new Map<string, { exists: boolean; until: number }>();
  const venueExists = async (slug: string): Promise<boolean> => {
    if (!VENUE_URL_PATTERN.test(slug) || RESERVED_VENUE_URLS.includes(slug)) return false;
    const now = Date.now();
    const known = slugs.get(slug);
    if (known && known.until > now) return known.exists;
    const exists = (await findVenueVersion(opts.db, slug)) !== null;
    if (slugs.size >= MAX_SLUGS) slugs.clear();
    slugs.set(slug, { exists, until: now + (exists ? SLUG_TTL_MS : MISSING_SLUG_TTL_MS) });
    return exists;
  };

  const notFoundForBot = (request: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send('Not Found');

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, status: 200 | 404 | 503) => {
    if (status === 404 && isBot(request.headers['user-agent'])) return notFoundForBot(request, reply);
    const html = await loadIndex();
    if (!html) {
      return reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NOT_BUILT);
    }
    reply
      .code(status)
      .header('cache-control', status === 503 ? 'no-store' : 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const encoded = encoding === 'br' ? html.br : encoding === 'gzip' ? html.gzip : null;
    if (encoding && encoded) return reply.header('content-encoding', encoding).send(encoded);
    return reply.send(html.identity);
  };

  /** A server-rendered page: it depends on the language (query, cookie, Accept-Language). */
  const sendRendered = (request: FastifyRequest, reply: FastifyReply, page: RenderedPage) => {
    if (page.status === 404 && isBot(request.headers['user-agent'])) return notFoundForBot(request, reply);
    reply
      .code(page.status)
      .header('cache-control', page.status === 503 ? 'no-store' : 'no-cache')
      .header('vary', 'accept-encoding, accept-language, cookie')
      .type('text/html; charset=utf-8');
    if (page.etag) {
      reply.header('etag', page.etag);
      if (etagMatches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    }
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const encoded = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : null;
    if (encoding && encoded) return reply.header('content-encoding', encoding).send(encoded);
    return reply.send(page.identity);
  };

  /** Page routes answer an HTML page with 503 while the database cannot be reached, never JSON. */
  const orUnavailable = async (request: FastifyRequest, reply: FastifyReply, serve: () => Promise<unknown>) => {
    try {
      return await serve();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      request.log.warn({ err: error }, 'Database unavailable: the page answers 503');
      return sendPage(request, reply, 503);
    }
  };

  for (const url of FIXED_ROUTES) {
    app.get(url, (request, reply) => sendPage(request, reply, 200));
  }
  for (const url of GUEST_ROUTES) {
    app.get<{ Params: { id?: string }; Querystring: { l?: unknown } }>(
      url,
      // Each page is compressed once when it is rendered, not per request.
      { compress: false },
      (request, reply) =>
        orUnavailable(request, reply, async () => {
          const venueUrl = request.params.id ?? opts.defaultVenue;
          if (!guestPages) {
            if (url === '/') return sendPage(request, reply, 200);
            return sendPage(request, reply, (await venueExists(venueUrl)) ? 200 : 404);
          }
          const input = {
            path: url === '/' ? '/' : url === '/:id' ? `/${venueUrl}` : `/${venueUrl}/menu`,
            venueUrl,
            language: pageLanguage({
              query: request.query.l,
              cookie: request.cookies[LANGUAGE_COOKIE],
              acceptLanguage: request.headers['accept-language'],
            }),
          };
          try {
            return sendRendered(request, reply, await guestPages.page(input));
          } catch (error) {
            if (isDatabaseUnavailable(error)) {
              request.log.warn({ err: error }, 'Database unavailable: the page answers 503');
              return sendRendered(request, reply, await guestPages.unavailable(input));
            }
            request.log.error({ err: error }, 'Server rendering failed: the single-page shell answers');
            return sendPage(request, reply, 200);
          }
        }),
    );
  }
  for (const url of VENUE_ROUTES) {
    app.get<{ Params: { id: string }; Querystring: { orderId?: unknown } }>(url, (request, reply) =>
      orUnavailable(request, reply, async () => {
        if (!(await venueExists(request.params.id))) return sendPage(request, reply, 404);
        // An order page for a malformed or unknown order id is the not-found page, with its status.
        const orderId = request.query.orderId;
        if (url === '/:id/order' && orderId !== undefined) {
          const known = typeof orderId === 'string' && (await isOrderOfVenue(opts.db, orderId, request.params.id));
          if (!known) return sendPage(request, reply, 404);
        }
        return sendPage(request, reply, 200);
      }),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    if (opts.documentHeaders) reply.headers(opts.documentHeaders);
    if (request.method === 'GET' || request.method === 'HEAD') return sendPage(request, reply, 404);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
}
