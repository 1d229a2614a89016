import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, MIGRATIONS_DIR, migrateDatabase, openDatabase, type Database } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { testVariable } from '../src/env.ts';
import { dbKinds, type DbKind } from './test-db.ts';

/** Every table schema.ts declares: the migrations must create exactly these. */
const TABLES = (Object.values(schema) as unknown[])
  .filter((v): v is PgTable => is(v, PgTable))
  .map((t) => getTableName(t))
  .sort();

async function migrationFiles(): Promise<number> {
  return (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).length;
}

async function publicTables(database: Database): Promise<string[]> {
  const res = await database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return (res as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
}

async function appliedMigrations(database: Database): Promise<number> {
  const res = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** An empty, unmigrated database of the given kind; drop() removes it. */
async function emptyDatabase(kind: DbKind): Promise<{ open: () => Promise<Database>; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = await mkdtemp(path.join(tmpdir(), 'carte-mig-'));
    return {
      open: () => openDatabase({ dataDir: dir, migrate: false }),
      drop: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const base = testVariable('TEST_DATABASE_URL')!;
  const name = `carte_mig_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    open: () => openDatabase({ databaseUrl: url.toString(), migrate: false, poolSize: 2 }),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

describe.each(dbKinds)('migrations on %s', (kind) => {
  let target: Awaited<ReturnType<typeof emptyDatabase>>;
  beforeAll(async () => {
    target = await emptyDatabase(kind);
  });
  afterAll(async () => target?.drop());

  it('apply on a fresh database, and applying them again changes nothing', async () => {
    const database = await target.open();
    try {
      expect(await publicTables(database)).toEqual([]);
      await migrateDatabase(database);
      expect(await publicTables(database)).toEqual(TABLES);
      expect(await appliedMigrations(database)).toBe(await migrationFiles());
      await migrateDatabase(database);
      expect(await publicTables(database)).toEqual(TABLES);
      expect(await appliedMigrations(database)).toBe(await migrationFiles());
    } finally {
      await database.close();
    }
  });

  it('keep the data across a reopen', async () => {
    const first = await target.open();
    try {
      await first.db.execute(sql`insert into venues (venue_url, name, currency) values ('kept', 'Kept', 'eur')`);
    } finally {
      await first.close();
    }
    const again = await target.open();
    try {
      await migrateDatabase(again);
      const res = await again.db.execute(sql`select venue_url from venues`);
      expect((res as unknown as { rows: unknown[] }).rows).toEqual([{ venue_url: 'kept' }]);
    } finally {
      await again.close();
    }
  });
});

describe.skipIf(!dbKinds.includes('postgres'))('migrations on postgres from several processes', () => {
  it('two concurrent migrateDatabase calls both succeed and apply once', async () => {
    const target = await emptyDatabase('postgres');
    const [a, b, c] = await Promise.all([target.open(), target.open(), target.open()]);
    try {
      await Promise.all([migrateDatabase(a), migrateDatabase(b), migrateDatabase(c)]);
      expect(await publicTables(a)).toEqual(TABLES);
      expect(await appliedMigrations(b)).toBe(await migrationFiles());
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
      await target.drop();
    }
  });
});

describe('the PGlite data directory lock', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'carte-lock-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('refuses a second opener with a clear message, and frees the directory on close', async () => {
    const first = await openDatabase({ dataDir: dir, migrate: false });
    let error: unknown;
    try {
      error = await openDatabase({ dataDir: dir, migrate: false }).then(
        (d) => d.close(),
        (e: unknown) => e,
      );
    } finally {
      await first.close();
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toBe(
      `The data directory ${dir} is in use by another Carte process (pid ${process.pid}). ` +
        'Only one process may open an embedded (PGlite) database: stop the server first, ' +
        'or set DATABASE_URL to use a PostgreSQL server that several processes can share.',
    );
    const reopened = await openDatabase({ dataDir: dir, migrate: false });
    expect(await reopened.ping()).toBe(true);
    await reopened.close();
  });

  it('takes over a lock left by a process that died', async () => {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(dir, 'carte.lock'), '2147483646');
    const database = await openDatabase({ dataDir: dir, migrate: false });
    expect(await database.ping()).toBe(true);
    await database.close();
  });
});
