import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';
import type { RenderInput, RenderResult } from '@carte/domain/page-render';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface ServerRenderer {
  render(input: RenderInput): Promise<RenderResult>;
}

/** The built renderer inside the client build: `<dist>/server/entry-server.js` (never served). */
export const SSR_DIR = 'server';
const SSR_ENTRY = `${SSR_DIR}/entry-server.js`;
const MANIFEST = '.vite/manifest.json';
/** The guest chunk the pages need before React takes over (see apps/web/src/app/routes.tsx). */
const GUEST_CHUNK = 'src/app/routes/guest-pages.ts';
/** The guest pages that are chunks of their own (apps/web/src/app/routes.tsx), by the page shown. */
const PAGE_CHUNKS = { chat: 'src/app/routes/chat-page.tsx', menu: 'src/app/routes/menu-page.tsx' } as const;
export type GuestPageKind = keyof typeof PAGE_CHUNKS;

/** The page a server-rendered guest path shows: `/<venue>/menu` the menu, `/` and `/<venue>` the chat. */
export function guestPageKind(path: string): GuestPageKind {
  return /\/menu\/?$/.test(path) ? 'menu' : 'chat';
}
/** The first script of a server-rendered page (apps/web/src/boot.ts): it starts the app after the first paint. */
const BOOT_CHUNK = 'src/boot.ts';
/** Inline the whole stylesheet while it stays this small once gzipped; above, keep the link. */
export const INLINE_CSS_MAX_GZIP_BYTES = 12 * 1024;

export const EMBEDDED_VENUE_ID = 'carte-venue';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/**
 * JSON inside `<script type="application/json">`: data, never executed (the CSP keeps forbidding
 * inline scripts). Every `<` is written `\u003c`, so no `</script>` or `<!--` can end or bend it;
 * U+2028/2029 are escaped too, for any reader that evaluates it.
 */
export const escapeJsonForHtml = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The page template: the SPA's index.html prepared once for server-rendered guest pages. */
export interface PageTemplate {
  /** index.html (with the default venue's meta tag) as the SPA serves it. */
  html: string;
  /** The inline stylesheet, or null when it stays a link. */
  inlineCss: string | null;
  /** Module preload links of the guest chunk (and its imports) not already in index.html. */
  guestPreloads: string;
  /** The chunk of each page (and its imports) beyond those: its files, from the site root. */
  pagePreloads: Map<GuestPageKind, string[]>;
  /** Each language's strings chunk (English ships in the entry): its file, from the site root. */
  localePreload: Map<string, string>;
  /**
   * The boot script (apps/web/src/boot.ts) that replaced the entry script and the module preloads in
   * the head: it requests them once the page has painted. Null for a build without one.
   */
  boot: { src: string; entries: string[]; preloads: string[] } | null;
}

/**
 * Prepares the template from the built files: the stylesheet inlined whole when it is small (it is
 * render-blocking otherwise, one more round trip before the first paint), the guest chunk's
 * module preloads added, the "needs JavaScript" note dropped (the page shows without it).
 */
export async function preparePageTemplate(distDir: string, indexHtml: string): Promise<PageTemplate> {
  let html = indexHtml;
  let inlineCss: string | null = null;
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>\s*/g)];
  if (links.length > 0) {
    const sheets = await Promise.all(
      links.map((link) => readFile(path.join(distDir, path.normalize(link[1]!.replace(/^\/+/, ''))), 'utf8')),
    );
    const css = sheets.join('\n');
    if (gzipSync(css).length <= INLINE_CSS_MAX_GZIP_BYTES && !/<\/style/i.test(css)) {
      inlineCss = css;
      for (const link of links) html = html.replace(link[0], '');
      html = html.replace('</head>', `<style>${css}</style></head>`);
    }
  }
  html = html.replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
  // The page paints from its HTML: the scripts that make it interactive come after the HTML's own
  // images and never compete with them for a slow link (they are high priority by default).
  html = html
    .replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"');

  let manifest: Record<string, ManifestChunk> = {};
  try {
    manifest = JSON.parse(await readFile(path.join(distDir, MANIFEST), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    // An older build without a manifest: the chunk is fetched when the page asks for it.
  }
  // A chunk's file and those of the chunks it imports, in order, leaving out those in `seen`.
  const closure = (key: string, seen: Set<string>): string[] => {
    const files: string[] = [];
    const visit = (next: string) => {
      const chunk = manifest[next];
      if (!chunk || seen.has(next)) return;
      seen.add(next);
      files.push(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(key);
    return files.filter((file) => !html.includes(`"/${file}"`)).map((file) => `/${file}`);
  };
  const inGuest = new Set<string>();
  const guestFiles = closure(GUEST_CHUNK, inGuest);
  const pagePreloads = new Map<GuestPageKind, string[]>();
  for (const [kind, key] of Object.entries(PAGE_CHUNKS) as [GuestPageKind, string][]) {
    pagePreloads.set(kind, closure(key, new Set(inGuest)));
  }
  const localePreload = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const match = /^src\/i18n\/locales\/([a-z]{2})\.json$/.exec(key);
    if (match) localePreload.set(match[1]!, `/${chunk.file}`);
  }
  // With a boot script, the page's scripts wait for its first paint: the entry script and the
  // module preloads leave the head and are listed on the boot script's tag instead.
  let boot: PageTemplate['boot'] = null;
  const bootFile = manifest[BOOT_CHUNK]?.file;
  const entries = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>\s*/g)];
  if (bootFile && entries.length > 0) {
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>\s*/g)];
    for (const tag of [...entries, ...preloads]) html = html.replace(tag[0], '');
    boot = {
      src: `/${bootFile}`,
      entries: entries.map((e) => e[1]!),
      preloads: [...preloads.map((p) => p[1]!), ...guestFiles],
    };
  }
  const preload = (file: string) =>
    `<link rel="modulepreload" fetchpriority="low" crossorigin href="${escapeAttribute(file)}">`;
  return {
    html,
    inlineCss,
    guestPreloads: boot ? '' : guestFiles.map(preload).join(''),
    pagePreloads,
    localePreload,
    boot,
  };
}

/** The head's scripts of a page: the boot script with what it starts, or the module preloads. */
function pageScripts(template: PageTemplate, lang: string, page: GuestPageKind | null): string {
  const locale = template.localePreload.get(lang);
  const extra = [...(page ? (template.pagePreloads.get(page) ?? []) : []), ...(locale ? [locale] : [])];
  if (!template.boot) {
    const links = extra.map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${escapeAttribute(file)}">`);
    return template.guestPreloads + links.join('');
  }
  const { src, entries, preloads } = template.boot;
  const list = [...preloads, ...extra];
  return (
    `<script type="module" crossorigin src="${escapeAttribute(src)}" data-entry="${escapeAttribute(entries.join(' '))}"` +
    ` data-preload="${escapeAttribute(list.join(' '))}"></script>`
  );
}

/** The server-rendered page: the template around the app's markup and the embedded venue JSON. */
export function fillPageTemplate(
  template: PageTemplate,
  page: RenderResult,
  embedded: { venueUrl: string; status: number; json: string },
  /** The page shown (its chunk is preloaded); null for an error page. */
  kind: GuestPageKind | null = null,
): string {
  const htmlAttributes = `lang="${escapeAttribute(page.lang)}"${page.themeStyle ? ` style="${escapeAttribute(page.themeStyle)}"` : ''}`;
  const data =
    `<script type="application/json" id="${EMBEDDED_VENUE_ID}" data-venue="${escapeAttribute(embedded.venueUrl)}"` +
    ` data-status="${embedded.status}">${escapeJsonForHtml(embedded.json)}</script>`;
  let html = template.html
    .replace(/<html[^>]*>/, `<html ${htmlAttributes}>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(page.title)}</title>`)
    .replace('<div id="root"></div>', `<div id="root">${page.html}</div>${data}`)
    .replace('</head>', `${pageScripts(template, page.lang, kind)}</head>`);
  if (page.themeColor) {
    html = html.replace(
      /<meta name="theme-color" content="[^"]*"/,
      `<meta name="theme-color" content="${escapeAttribute(page.themeColor)}"`,
    );
  }
  return html;
}

/** A page ready to send: its bytes in each encoding, compressed once. */
export interface RenderedPage {
  status: number;
  /** Weak ETag of a cacheable page (from its cache key), null for pages rendered per request. */
  etag: string | null;
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

const MIN_COMPRESS_BYTES = 1024;

export async function toRenderedPage(html: string, status: number, etag: string | null): Promise<RenderedPage> {
  const identity = Buffer.from(html);
  if (identity.length < MIN_COMPRESS_BYTES) return { status, etag, identity, br: null, gzip: null };
  const [gz, br] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotliAsync(identity, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  return { status, etag, identity, br, gzip: gz };
}

/** A weak ETag from the things a cached page is made of (same inputs, same page, in every process). */
export function pageEtag(parts: string[]): string {
  return `W/"${createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 27)}"`;
}

/** Loads the built renderer, or null (an older build without one: the SPA shell serves the pages). */
export async function loadServerRenderer(distDir: string): Promise<ServerRenderer | null> {
  const entry = path.join(distDir, SSR_ENTRY);
  if (!existsSync(entry)) return null;
  const module = (await import(pathToFileURL(entry).href)) as Partial<ServerRenderer>;
  if (typeof module.render !== 'function') throw new Error(`${entry} does not export render()`);
  return { render: module.render };
}
