/**
 * GET /api/public/venue for a 500-product menu against a bare node:http server sending the same
 * bytes, measured in the same run (architecture.md section 8: Carte must reach 70% of it).
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { parseEnv } from '../../apps/server/src/env.ts';
import { importVenue } from '../../apps/server/src/modules/venues/venue-import.service.ts';
import { createMemoryStorage } from '../../apps/server/src/providers/storage/local-disk.ts';
import { compareWithBare, type LoadResult } from './load.ts';
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
      const { sample, carte, bare, ratio } = await compareWithBare(carteUrl, headers, connections, durationMs);
      results.push({ bodyBytes: sample.body.length, encoding, carte, bare, ratio });
    }
  } finally {
    await app.close();
    await database.close();
  }
  return results;
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
