import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppDeps } from '../src/app.ts';
import { parseEnv } from '../src/env.ts';
import { createMemoryStorage } from '../src/providers/storage/local-disk.ts';
import type { AssetStorage } from '../src/providers/storage/storage.ts';
import { createTestDatabase, type DbKind, type TestDatabase } from './test-db.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  storage: AssetStorage;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The whole server in-process (no port) on a fresh database of the given kind, with a throw-away
 * DATA_DIR and memory storage. `env` overrides variables (WEB_DIST, PUBLIC_URL, ...).
 */
export async function createTestApp(
  kind: DbKind,
  options: { env?: Record<string, string>; deps?: Partial<BuildAppDeps> } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carte-test-'));
  const database = await createTestDatabase(kind);
  const storage = createMemoryStorage();
  const env = parseEnv({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    WEB_DIST: path.join(dataDir, 'no-web-dist'),
    // Suites place many orders from one address; the limits' own tests set them low.
    ORDER_RATE_LIMIT_PER_MINUTE: '100000',
    QUOTE_RATE_LIMIT_PER_MINUTE: '100000',
    ...options.env,
  });
  const app = await buildApp({ env, database, storage, logger: false, ...options.deps });
  await app.ready();
  return {
    app,
    database,
    storage,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
