/**
 * Login latency: 50 sign-ins (json mode, each from its own address) against an in-memory database,
 * printed as p50/p95/max with the scrypt cost. `npx tsx apps/server/src/modules/auth/login-bench.ts`
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { parseEnv } from '../../env.ts';
import { createMemoryStorage } from '../../providers/storage/local-disk.ts';
import { hashPassword } from '../users/users.service.ts';

const RUNS = 50;
const dataDir = mkdtempSync(path.join(tmpdir(), 'carte-login-bench-'));
const database = await openDatabase({ dataDir: 'memory://' });
const env = parseEnv({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST: dataDir });
const app = await buildApp({ env, database, storage: createMemoryStorage(), logger: false });
const passwordHash = await hashPassword('a long staff password');
await database.db.insert(users).values({ email: 'bench@example.com', passwordHash });
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'bench@example.com', password: 'a long staff password', mode: 'json' },
    remoteAddress: `10.1.${i >> 8}.${i & 255}`,
  });
  times.push(performance.now() - t0);
  if (res.statusCode !== 200) throw new Error(`login ${i}: ${res.statusCode} ${res.body}`);
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!.toFixed(1);
console.log(`hash: ${passwordHash.split('$').slice(0, 4).join('$')} (scrypt N=2^14, r=8, p=1, 16 MiB)`);
console.log(`${RUNS} logins: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
