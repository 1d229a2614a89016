/**
 * GET /api/public/venue for a 500-product menu against a bare node:http server sending the same
 * bytes, measured in the same run (architecture.md section 8: Carte must reach 70% of it).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { parseEnv } from '../../apps/server/src/env.ts';
import { importVenue } from '../../apps/server/src/modules/venues/venue-import.service.ts';
import { createMemoryStorage } from '../../apps/server/src/providers/storage/local-disk.ts';
import { runLoad, type LoadResult } from './load.ts';
import { benchMenuFile } from './menu-fixture.ts';

export interface PublicVenueBench {
  bodyBytes: number;
  encoding: string;
  carte: LoadResult;
  bare: LoadResult;
  ratio: number;
}

export async function benchPublicVenue(opts: { durationMs?: number; connections?: number } = {}): Promise<PublicVenueBench[]> {
  const durationMs = opts.durationMs ?? 5000;
  const connections = opts.connections ?? 32;
  const database = await openDatabase({ dataDir: 'memory://' });
  const storage = createMemoryStorage();
  await importVenue({ db: database.db, storage }, benchMenuFile('bench-brasserie'), { baseDir: process.cwd() });
  const env = parseEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'production', SEED_DEMO: 'false' });
  const app = await buildApp({ env, database, storage, logger: false, rateLimit: { max: 10_000_000 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const carteUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/public/venue?venue=bench-brasserie`;

  const results: PublicVenueBench[] = [];
  try {
    for (const encoding of ['identity', 'gzip']) {
      const headers = { 'accept-encoding': encoding };
      // The exact bytes and headers Carte sends, served by the simplest possible server.
      const sample = await fetchRaw(carteUrl, headers);
      const bare = http.createServer((_req, res) => {
        res.writeHead(200, sample.headers);
        res.end(sample.body);
      });
      await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
      const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
      try {
        await runLoad({ url: carteUrl, headers, connections, durationMs: 1000 }); // warm-up
        const carte = await runLoad({ url: carteUrl, headers, connections, durationMs });
        await runLoad({ url: bareUrl, headers, connections, durationMs: 1000 });
        const bareResult = await runLoad({ url: bareUrl, headers, connections, durationMs });
        results.push({ bodyBytes: sample.body.length, encoding, carte, bare: bareResult, ratio: carte.rps / bareResult.rps });
      } finally {
        await new Promise((r) => bare.close(r));
      }
    }
  } finally {
    await app.close();
    await database.close();
  }
  return results;
}

function fetchRaw(url: string, headers: Record<string, string>): Promise<{ body: Buffer; headers: http.OutgoingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const keep: http.OutgoingHttpHeaders = {};
          for (const [k, v] of Object.entries(res.headers)) {
            if (v !== undefined && !['connection', 'keep-alive', 'transfer-encoding', 'date'].includes(k)) keep[k] = v;
          }
          const body = Buffer.concat(chunks);
          keep['content-length'] = String(body.length);
          resolve({ body, headers: keep });
        });
      })
      .on('error', reject);
  });
}

export function formatPublicVenueBench(rows: PublicVenueBench[]): string {
  return [
    'encoding  body(B)   carte req/s  p50/p99 ms     bare req/s  p50/p99 ms     carte/bare',
    ...rows.map(
      (r) =>
        `${r.encoding.padEnd(9)} ${String(r.bodyBytes).padStart(7)}   ${r.carte.rps.toFixed(0).padStart(10)}  ${r.carte.p50Ms.toFixed(1)}/${r.carte.p99Ms.toFixed(1)}`.padEnd(54) +
        `${r.bare.rps.toFixed(0).padStart(10)}  ${r.bare.p50Ms.toFixed(1)}/${r.bare.p99Ms.toFixed(1)}`.padEnd(28) +
        `${(r.ratio * 100).toFixed(0)}%${r.carte.errors + r.bare.errors ? `  (${r.carte.errors + r.bare.errors} errors)` : ''}`,
    ),
  ].join('\n');
}
