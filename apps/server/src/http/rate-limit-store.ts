import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Rows whose window has passed are deleted this often (by each process; the statement is cheap). */
const CLEAN_EVERY_MS = 60_000;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface Count {
  hits: number;
  ttl_ms: number;
}

const rowsOf = (result: unknown) => (result as { rows: Count[] }).rows;

/** What the plugin hands a store: its settings, and for a route's own limit the route (`routeInfo`). */
interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: unknown; url?: unknown };
}

export interface SharedRateLimits {
  /** For `@fastify/rate-limit`'s `store` option. */
  Store: FastifyRateLimitStoreCtor;
  /** Deletes the rows whose window has passed (also run every minute until close). */
  clean(): Promise<void>;
  close(): void;
}

/**
 * The per-client limits counted in PostgreSQL (architecture 4.14), so that any number of
 * processes on one database enforce one limit: each request is one atomic upsert on
 * `rate_limit_hits` that starts a new window when the old one has passed, in the database's own
 * clock. Keys are the limit (route method and path, or the global /api limit) and the client's
 * address. The embedded database keeps the plugin's in-memory store: it has one process.
 */
export function createSharedRateLimits(db: Db, log: { warn(obj: object, msg: string): void }): SharedRateLimits {
  const hit = async (key: string, timeWindowMs: number): Promise<Count> => {
    const result = await db.execute(sql`
      insert into rate_limit_hits as r (key, hits, reset_at)
      values (${key}, 1, now() + ${timeWindowMs} * interval '1 millisecond')
      on conflict (key) do update set
        hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
        reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
      returning hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl_ms`);
    return rowsOf(result)[0]!;
  };
  const peek = async (key: string): Promise<Count> => {
    const result = await db.execute(sql`
      select hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl_ms
      from rate_limit_hits where key = ${key} and reset_at > now()`);
    return rowsOf(result)[0] ?? { hits: 0, ttl_ms: 0 };
  };
  const clean = async () => {
    await db.execute(sql`delete from rate_limit_hits where reset_at <= now()`);
  };
  const answer = (promise: Promise<Count>, callback: Callback) => {
    promise.then(
      (c) => callback(null, { current: c.hits, ttl: c.ttl_ms }),
      (e: Error) => callback(e),
    );
  };

  class PgRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    constructor(options: FastifyRateLimitOptions, prefix = 'api:') {
      const params = options as StoreParams;
      // Windows that restart or grow on every refused request are not counted here; Carte uses neither.
      if (params.continueExceeding || params.exponentialBackoff) {
        throw new Error('The shared rate-limit store does not support continueExceeding or exponentialBackoff');
      }
      this.prefix = prefix;
    }
    incr(key: string, callback: Callback, timeWindow: number): void {
      answer(hit(this.prefix + key, timeWindow), callback);
    }
    /** `{ increment: false }`: the count without a hit. */
    read(key: string, callback: Callback): void {
      answer(peek(this.prefix + key), callback);
    }
    /** A route's own limit (orders, quotes, chat, sign-in): its counts apart from every other limit. */
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (routeOptions as StoreParams).routeInfo ?? {};
      return new PgRateLimitStore(
        routeOptions as FastifyRateLimitOptions,
        `${String(route.method ?? '')} ${String(route.url ?? '')}:`,
      );
    }
  }

  const timer = setInterval(() => {
    clean().catch((err: unknown) => log.warn({ err }, 'Expired rate-limit counts could not be deleted'));
  }, CLEAN_EVERY_MS);
  timer.unref();
  return { Store: PgRateLimitStore, clean, close: () => clearInterval(timer) };
}
