import { execFile } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { promisify } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool, PoolClient } from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A connection pool's state (PostgreSQL; the embedded database has no pool). */
export interface PoolStats {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL connection string (postgres kind only). */
  url?: string;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** The pool's state (postgres kind only), for /metrics. */
  poolStats?(): PoolStats;
  close(): Promise<void>;
}

/** A restaurant's data is small: modest buffers keep the embedded server's memory low. */
const PGLITE_CONF = ['shared_buffers=16MB', 'work_mem=2MB', 'maintenance_work_mem=16MB'].join('\n');
const INIT_PGLITE_SCRIPT = fileURLToPath(new URL('./init-pglite.mjs', import.meta.url));

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any constant: every Carte process takes the same advisory lock while migrating. */
const MIGRATION_LOCK_ID = 0x43617274; // "Cart"

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data directory ${dir} is in use by another Carte process (pid ${pid}). ` +
        'Only one process may open an embedded (PGlite) database: stop the server first, ' +
        'or set DATABASE_URL to use a PostgreSQL server that several processes can share.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes an exclusive lock file in the data directory; returns its release function. */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'carte.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
        throw new DataDirLockedError(dir, pid);
      }
      rmSync(file, { force: true }); // stale lock from a process that died
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

export interface OpenOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` for a throw-away database. */
  dataDir?: string;
  /** Apply migrations before returning (default true). */
  migrate?: boolean;
  poolSize?: number;
  /**
   * Told about connection errors that happen outside a query (PostgreSQL restarted, a backend
   * terminated while its client sat idle or between the statements of a transaction). They never
   * throw: the broken client is dropped and the next query opens a new connection.
   */
  onConnectionError?: (error: Error) => void;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const database = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl, opts.poolSize, opts.onConnectionError)
    : await openPglite(opts.dataDir ?? './data');
  if (opts.migrate !== false) {
    try {
      await migrateDatabase(database);
    } catch (e) {
      await database.close();
      throw e;
    }
  }
  return database;
}

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const inMemory = dataDir.startsWith('memory://');
  let release: () => void = () => {};
  let pgDir: string | undefined;
  if (!inMemory) {
    const dir = path.resolve(dataDir);
    release = lockDataDir(dir);
    pgDir = path.join(dir, 'pglite');
  }
  let client: InstanceType<typeof PGlite>;
  try {
    if (pgDir && !existsSync(path.join(pgDir, 'PG_VERSION'))) {
      await promisify(execFile)(process.execPath, [INIT_PGLITE_SCRIPT, pgDir]);
    }
    client = new PGlite(pgDir, { postgresqlconf: PGLITE_CONF });
    await client.waitReady;
  } catch (e) {
    release();
    throw e;
  }
  const db = drizzle({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * A client checked out with `await pool.connect()` (drizzle's transactions) goes back to the pool
 * as soon as its connection breaks, and its release becomes safe to call again. Drizzle sends
 * `begin` before its try/finally: when the connection was cut between the checkout and that
 * statement, the client was never released, and each database restart shrank the pool until
 * every request timed out. `pool.query` (callback checkout) already releases on error.
 */
function releaseBrokenClients(pool: Pool): void {
  const connect = pool.connect.bind(pool) as (cb?: unknown) => unknown;
  const guarded = (callback?: unknown) => {
    if (callback) return connect(callback);
    return (connect() as Promise<PoolClient>).then((client) => {
      const release = client.release;
      let released = false;
      const releaseOnce = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('error', onError);
        release(err);
      };
      const onError = (err: Error) => releaseOnce(err);
      client.on('error', onError);
      client.release = releaseOnce;
      return client;
    });
  };
  pool.connect = guarded as typeof pool.connect;
}

/** How long a request waits for a pooled connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 5000;

async function openPostgres(
  url: string,
  poolSize = 10,
  onConnectionError: (error: Error) => void = () => {},
): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.default.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An 'error' event without a listener crashes the process. The pool listens on idle clients
  // only; a client checked out (inside a transaction, between two statements) needs its own.
  // Either way the query in flight fails with the error, the pool drops the broken client and
  // the next query connects again.
  const report = (error: Error) => {
    try {
      onConnectionError(error);
    } catch {
      // A reporting failure must not become the crash this listener prevents.
    }
  };
  pool.on('connect', (client) => client.on('error', report));
  pool.on('error', () => {}); // an idle client's error: its own listener above has reported it
  releaseBrokenClients(pool);
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'postgres',
    url,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * Applies the committed SQL migrations. Safe to run twice (applied ones are skipped) and,
 * on PostgreSQL, safe when several processes start together: they queue on an advisory lock.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migrate(database.db as any, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pg = await import('pg');
  // Advisory locks belong to a session: one dedicated connection takes the lock and migrates.
  const client = new pg.default.Client({ connectionString: database.url });
  client.on('error', () => {}); // a lost connection fails the statement in flight, which rejects
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    await client.end();
  }
}
