import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';
import { testVariable } from '../src/env.ts';

export type DbKind = 'pglite' | 'postgres';

/** The kinds the server suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const dbKinds: DbKind[] = testVariable('TEST_DATABASE_URL') ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase extends Database {
  /** Connection string of the throw-away PostgreSQL database (postgres kind only). */
  url?: string;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A fresh, migrated database: in-memory PGlite, or a uniquely named PostgreSQL database
 * created next to TEST_DATABASE_URL and dropped on close.
 */
export async function createTestDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === 'pglite') return openDatabase({ dataDir: 'memory://' });
  const base = testVariable('TEST_DATABASE_URL');
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `carte_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(base, name);
  const database = await openDatabase({ databaseUrl: url, poolSize: 20 });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
