/**
 * Staff sign-in latency (issue 8): sign-ins through POST /api/auth/login (json mode, each from its own
 * address so the lockout and the route's rate limit never answer instead), in-process on an in-memory
 * PGlite. The scrypt hash is the cost: N=2^14, r=8, p=1 (16 MiB, users.service.ts). A wrong password
 * and an unknown e-mail run the same scrypt work, so they cost the same.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { users } from '../../apps/server/src/db/schema.ts';
import { parseEnv } from '../../apps/server/src/env.ts';
import { hashPassword } from '../../apps/server/src/modules/users/users.service.ts';
import { createMemoryStorage } from '../../apps/server/src/providers/storage/local-disk.ts';

export interface LoginBench {
  runs: number;
  hash: string;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  wrongPasswordP50Ms: number;
  unknownEmailP50Ms: number;
}

export async function benchLogin(runs = 50): Promise<LoginBench> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carte-login-bench-'));
  const database = await openDatabase({ dataDir: 'memory://' });
  const env = parseEnv({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST: dataDir });
  const app = await buildApp({ env, database, storage: createMemoryStorage(), logger: false });
  let address = 0;
  try {
    const passwordHash = await hashPassword('a long staff password');
    await database.db.insert(users).values({ email: 'bench@example.com', passwordHash });
    const login = async (email: string, password: string, status: number) => {
      address += 1;
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password, mode: 'json' },
        remoteAddress: `10.1.${address >> 8}.${address & 255}`,
      });
      const ms = performance.now() - t0;
      if (res.statusCode !== status) throw new Error(`login: ${res.statusCode} ${res.body}`);
      return ms;
    };
    // One sign-in first: the first request pays for the routes' first run.
    await login('bench@example.com', 'a long staff password', 200);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await login('bench@example.com', 'a long staff password', 200));
    // Four failures per e-mail stay under the lockout (5).
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      wrong.push(await login('bench@example.com', `not the password ${i}`, 401));
      unknown.push(await login(`nobody-${i}@example.com`, 'a long staff password', 401));
    }
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    const at = (list: number[], q: number) => {
      const s = sorted(list);
      return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
    };
    return {
      runs,
      hash: passwordHash.split('$').slice(0, 4).join('$'),
      p50Ms: at(times, 0.5),
      p95Ms: at(times, 0.95),
      maxMs: at(times, 1),
      wrongPasswordP50Ms: at(wrong, 0.5),
      unknownEmailP50Ms: at(unknown, 0.5),
    };
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatLoginBench(b: LoginBench): string {
  return (
    `hash ${b.hash} (scrypt N=2^14, r=8, p=1, 16 MiB per check)\n` +
    `${b.runs} sign-ins: p50 ${b.p50Ms.toFixed(1)} ms, p95 ${b.p95Ms.toFixed(1)} ms, max ${b.maxMs.toFixed(1)} ms; ` +
    `refused (p50 of 4): wrong password ${b.wrongPasswordP50Ms.toFixed(1)} ms, unknown e-mail ${b.unknownEmailP50Ms.toFixed(1)} ms`
  );
}
