/**
 * Where an order's server time goes (issue 21 item 5): the real entry point on a throw-away
 * PostgreSQL database, started with `node --cpu-prof`; N orders placed over HTTP (concurrency 16, every
 * answer checked); the process stopped (SIGTERM, so the profile is written); then the functions with
 * the most self time, and the same by package, printed from the .cpuprofile.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/profile-orders.ts
 *   PROFILE_ORDERS=3000 PROFILE_KEEP=/tmp/profiles ...   (keeps the .cpuprofile for Chrome's DevTools)
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { importVenue } from '../../apps/server/src/modules/venues/venue-import.service.ts';
import { createMemoryStorage } from '../../apps/server/src/providers/storage/local-disk.ts';
import { startServerProcess } from '../../apps/server/test/server-process.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame comes from: a package under node_modules, Carte's own code, or Node.js itself. */
function origin(url: string): string {
  if (!url) return '(native/gc/idle)';
  if (url.startsWith('node:')) return 'node:internal';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  const c = /\/(apps\/[^/]+|packages\/[^/]+)\//.exec(url);
  return c ? `carte ${c[1]}` : url;
}

/** Self time per function and per origin, in ms, from a V8 CPU profile; idle and program frames apart. */
export function summarizeProfile(profile: CpuProfile, top = 25): string {
  const byNode = new Map<number, ProfileNode>(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  const byFunction = new Map<string, number>();
  const byOrigin = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  for (const [id, ms] of self) {
    const f = byNode.get(id)!.callFrame;
    if (f.functionName === '(idle)') {
      idle += ms;
      continue;
    }
    busy += ms;
    const file = f.url
      ? `${f.url.replace(/^file:\/\/.*?\/(node_modules|apps|packages)\//, '$1/')}:${f.lineNumber + 1}`
      : '';
    const key = `${f.functionName || '(anonymous)'} ${file}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
    const o = f.functionName.startsWith('(') ? f.functionName : origin(f.url);
    byOrigin.set(o, (byOrigin.get(o) ?? 0) + ms);
  }
  const rows = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, ms]) => `${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${k}`);
  return [
    `busy ${busy.toFixed(0)} ms, idle ${idle.toFixed(0)} ms`,
    '',
    'self time by origin:',
    ...rows(byOrigin, 15),
    '',
    `top ${top} functions by self time:`,
    ...rows(byFunction, top),
  ].join('\n');
}

const databaseBase = process.env.BENCH_DATABASE_URL;
if (!databaseBase) {
  console.log('Set BENCH_DATABASE_URL (a PostgreSQL server; a throw-away database is created there).');
} else {
  const total = Number(process.env.PROFILE_ORDERS ?? 3000);
  const concurrency = 16;
  const name = `carte_profile_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseBase });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(databaseBase);
  u.pathname = `/${name}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'carte-profile-'));
  try {
    const database = await openDatabase({ databaseUrl: u.toString() });
    try {
      await importVenue(
        { db: database.db, storage: createMemoryStorage() },
        {
          venue: { venueUrl: 'profile-bistro', name: 'Profile Bistro', currency: 'eur', spots: ['1', '2', '3'] },
          categories: [{ id: 'mains', name: 'Mains' }],
          products: Array.from({ length: 20 }, (_, i) => ({
            id: `p${i}`,
            name: `Dish ${i}`,
            price: 5 + i,
            categories: ['mains'],
          })),
        },
        { baseDir: dir },
      );
    } finally {
      await database.close();
    }
    const server = await startServerProcess(u.toString(), dir, { NODE_ENV: 'production' }, [
      '--cpu-prof',
      `--cpu-prof-dir=${dir}/prof`,
    ]);
    const venue = (await (await fetch(`${server.url}/api/public/venue?venue=profile-bistro`)).json()) as {
      data: { venue: { id: string }; menu: { id: string; price: number }[] };
    };
    const { menu } = venue.data;
    let next = 0;
    let errors = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let i = next++; i < total; i = next++) {
          const a = menu[i % menu.length]!;
          const b = menu[(i * 7 + 3) % menu.length]!;
          const res = await fetch(`${server.url}/api/order`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              venueUrl: 'profile-bistro',
              venueId: venue.data.venue.id,
              spot: '2',
              items: [
                { productId: a.id, variationIds: [], quantity: 1 },
                { productId: b.id, variationIds: [], quantity: 2 },
              ],
            }),
          });
          const body = (await res.json()) as { data?: { total: number } };
          const expected = Math.round(a.price * 100) + 2 * Math.round(b.price * 100);
          if (res.status !== 200 || Math.round((body.data?.total ?? -1) * 100) !== expected) errors++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await server.stop();
    console.log(
      `${total} orders over HTTP in ${seconds.toFixed(1)} s: ${(total / seconds).toFixed(0)} orders/s, ${errors} errors`,
    );
    const file = readdirSync(path.join(dir, 'prof')).find((f) => f.endsWith('.cpuprofile'))!;
    const profilePath = path.join(dir, 'prof', file);
    if (process.env.PROFILE_KEEP) cpSync(profilePath, path.join(process.env.PROFILE_KEEP, file));
    console.log(summarizeProfile(JSON.parse(readFileSync(profilePath, 'utf8')) as CpuProfile));
  } finally {
    rmSync(dir, { recursive: true, force: true });
    const c = new pg.Client({ connectionString: databaseBase });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  }
}
