/**
 * GET /<500-dish venue>/menu as a guest's browser asks for it, against a bare node:http server sending
 * the same bytes with the same headers, in the same run (issue 11: Carte must reach 70% of it). The
 * method of public-venue.ts: the app in-process on PGlite in memory, the load generator in a worker.
 * Until the page is server-rendered this measures the SPA shell; the output says which it got.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { parseEnv } from '../../apps/server/src/env.ts';
import { importVenue } from '../../apps/server/src/modules/venues/venue-import.service.ts';
import { createMemoryStorage } from '../../apps/server/src/providers/storage/local-disk.ts';
import { compareWithBare, fetchRaw, type LoadResult } from './load.ts';
import { benchMenuFile } from './menu-fixture.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const VENUE = 'bench-brasserie';
/** Product 0 of menu-fixture.ts: in the HTML only when the server rendered the menu. */
const DISH = 'Risotto mushroom 0';

/** What a browser sends for a page, with each accept-encoding measured (none: no compression asked). */
const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-GB,en;q=0.9',
};
const ENCODINGS: Array<{ label: string; acceptEncoding?: string }> = [
  { label: 'browser', acceptEncoding: 'gzip, deflate, br, zstd' },
  { label: 'gzip', acceptEncoding: 'gzip' },
  { label: 'none' },
];

export interface SsrPageRow {
  label: string;
  contentEncoding: string;
  bodyBytes: number;
  carte: LoadResult;
  bare: LoadResult;
  ratio: number;
}

export interface SsrPageBench {
  url: string;
  status: number;
  /** The first response holds the menu (the dish names) and the embedded venue JSON. */
  menuInHtml: boolean;
  venueDataEmbedded: boolean;
  htmlBytes: number;
  etag: boolean;
  rows: SsrPageRow[];
}

export async function benchSsrPage(opts: { durationMs?: number; connections?: number } = {}): Promise<SsrPageBench> {
  const durationMs = opts.durationMs ?? 4000;
  const connections = opts.connections ?? 32;
  const database = await openDatabase({ dataDir: 'memory://' });
  const storage = createMemoryStorage();
  await importVenue({ db: database.db, storage }, benchMenuFile(VENUE), { baseDir: process.cwd() });
  const env = parseEnv({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    SEED_DEMO: 'false',
    WEB_DIST: path.resolve(process.env.WEB_DIST || path.join(root, 'apps/web/dist')),
  });
  const app = await buildApp({ env, database, storage, logger: false, rateLimit: { max: 10_000_000 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const carteUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/${VENUE}/menu`;

  try {
    const plain = await fetchRaw(carteUrl, BROWSER_HEADERS);
    const html = plain.body.toString('utf8');
    const result: SsrPageBench = {
      url: `/${VENUE}/menu`,
      status: plain.status,
      menuInHtml: html.includes(DISH),
      venueDataEmbedded: html.includes('id="carte-venue"'),
      htmlBytes: plain.body.length,
      etag: 'etag' in plain.headers,
      rows: [],
    };
    if (plain.status !== 200) return result;
    for (const { label, acceptEncoding } of ENCODINGS) {
      const headers: Record<string, string> = {
        ...BROWSER_HEADERS,
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      };
      const { sample, carte, bare, ratio } = await compareWithBare(carteUrl, headers, connections, durationMs);
      result.rows.push({
        label,
        contentEncoding: String(sample.headers['content-encoding'] ?? 'none'),
        bodyBytes: sample.body.length,
        carte,
        bare,
        ratio,
      });
    }
    return result;
  } finally {
    await app.close();
    await database.close();
  }
}

export function formatSsrPageBench(b: SsrPageBench): string {
  const what = b.menuInHtml
    ? `server-rendered: the HTML holds the menu's dishes${b.venueDataEmbedded ? ' and the embedded venue data' : ' (no embedded venue data)'}`
    : `NOT server-rendered: the SPA shell (no dish in the HTML${b.venueDataEmbedded ? '' : ', no embedded venue data'})`;
  const lines = [
    `${b.url}: ${b.status}, ${(b.htmlBytes / 1024).toFixed(1)} KB of HTML, ${what}, ETag ${b.etag ? 'yes' : 'no'}`,
  ];
  if (b.status !== 200) return [...lines, 'not measured: the page did not answer 200'].join('\n');
  lines.push(
    'accept-encoding   sent        body(B)   carte req/s  p50/p99 ms     bare req/s  p50/p99 ms     carte/bare (budget >= 70%)',
  );
  for (const r of b.rows) {
    const errors = r.carte.errors + r.bare.errors;
    lines.push(
      `${r.label.padEnd(18)}${r.contentEncoding.padEnd(10)}${String(r.bodyBytes).padStart(9)}   ${r.carte.rps.toFixed(0).padStart(10)}  ` +
        `${r.carte.p50Ms.toFixed(1)}/${r.carte.p99Ms.toFixed(1)}`.padEnd(15) +
        `${r.bare.rps.toFixed(0).padStart(10)}  ${r.bare.p50Ms.toFixed(1)}/${r.bare.p99Ms.toFixed(1)}`.padEnd(28) +
        `${(r.ratio * 100).toFixed(0)}% ${r.ratio >= 0.7 ? 'ok' : 'BELOW'}${errors ? `  (${errors} errors)` : ''}`,
    );
  }
  return lines.join('\n');
}
