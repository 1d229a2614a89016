import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../db/client.ts';
import {
  decodeAccessEvent,
  decodeOrderEvent,
  encodeAccessEvent,
  encodeOrderEvent,
  ORDER_EVENTS_CHANNEL,
  readEventStamp,
  Subscribers,
  type AccessEvent,
  type BusLog,
  type OrderEventBus,
} from './order-events.ts';

/** Reconnect delays after the listening connection broke: 250 ms doubling up to 5 s, with jitter. */
const BACKOFF_MIN_MS = 250;
const BACKOFF_MAX_MS = 5000;
/** A connection can die without an error (a cut network): a trivial query every 30 s finds out. */
const PING_EVERY_MS = 30_000;
const PING_TIMEOUT_MS = 10_000;
const CONNECT_TIMEOUT_MS = 5000;

export interface PgBusOptions {
  /** Tests shorten the ping interval. */
  pingEveryMs?: number;
  /** Told, for each event received, how long after its publication it arrived, and from where. */
  onDelay?: (seconds: number, fromThisProcess: boolean) => void;
}

/**
 * Order events over PostgreSQL (architecture 4.8, 7): `publish` sends `pg_notify('carte_orders',
 * {type, orderId, venueId})` through the pool; ONE dedicated client per process LISTENs and hands
 * every notification (its own process's too) to the subscribers. When that connection breaks (the
 * database restarted, a backend was terminated, the network went away) the process keeps running:
 * the client is replaced with backoff, LISTENs again, and subscribers are told to catch up from the
 * database (`onResync`), since notifications sent meanwhile are lost.
 */
export async function createPgOrderEventBus(
  database: Database,
  log: BusLog,
  options: PgBusOptions = {},
): Promise<OrderEventBus> {
  const subscribers = new Subscribers(log);
  const access = new Subscribers<AccessEvent>(log);
  const pingEveryMs = options.pingEveryMs ?? PING_EVERY_MS;
  /** Tells this process's own events from the others' in the delay measure. */
  const origin = randomUUID();
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let failures = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let pingTimer: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | null = null;

  const drop = (c: pg.Client) => {
    c.removeAllListeners('notification');
    c.removeAllListeners('end');
    // A late error on a dropped client must not crash the process.
    c.removeAllListeners('error');
    c.on('error', () => {});
    c.end().catch(() => {});
  };

  const lost = (c: pg.Client, reason: Error | string) => {
    if (client !== c) return; // an old client's late news
    client = null;
    listening = false;
    clearInterval(pingTimer);
    drop(c);
    if (closed) return;
    log.warn(
      { err: typeof reason === 'string' ? new Error(reason) : reason },
      'Order events: the listening connection to PostgreSQL was lost; reconnecting',
    );
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** Math.min(failures, 10));
    const delay = Math.round(base * (0.75 + Math.random() * 0.5));
    failures += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect();
    }, delay);
    reconnectTimer.unref();
  };

  const connect = (): Promise<void> => {
    connecting ??= (async () => {
      const c = new pg.Client({
        connectionString: database.url,
        keepAlive: true,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      });
      c.on('error', (err) => lost(c, err));
      c.on('end', () => lost(c, 'connection ended'));
      c.on('notification', (msg) => {
        if (msg.channel !== ORDER_EVENTS_CHANNEL) return;
        const event = decodeOrderEvent(msg.payload);
        if (!event) {
          const revoked = decodeAccessEvent(msg.payload);
          if (revoked) access.deliver(revoked);
          return;
        }
        const stamp = options.onDelay && readEventStamp(msg.payload);
        if (stamp) options.onDelay!(Math.max(0, Date.now() - stamp.sentAt) / 1000, stamp.origin === origin);
        subscribers.deliver(event);
      });
      client = c;
      try {
        await c.connect();
        await c.query(`listen ${ORDER_EVENTS_CHANNEL}`);
      } catch (err) {
        if (client === c) lost(c, err as Error);
        else drop(c);
        return;
      }
      if (closed || client !== c) {
        drop(c);
        return;
      }
      listening = true;
      const wasFailing = failures > 0;
      failures = 0;
      if (wasFailing) log.info?.({}, 'Order events: listening to PostgreSQL again');
      pingTimer = setInterval(() => void ping(c), pingEveryMs);
      pingTimer.unref();
      // Whatever was notified while nobody listened is lost: subscribers read the database again.
      subscribers.resync();
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const ping = async (c: pg.Client) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        c.query('select 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('ping timed out')), PING_TIMEOUT_MS);
        }),
      ]);
    } catch (err) {
      lost(c, err as Error);
    } finally {
      clearTimeout(timer);
    }
  };

  // The first connection is awaited so that the process hears events as soon as it serves; if the
  // database is away right now, the bus keeps trying in the background.
  await connect();

  return {
    kind: 'postgres',
    publish: async (event) => {
      if (closed) return;
      try {
        const payload = encodeOrderEvent(event, { sentAt: Date.now(), origin });
        await database.db.execute(sql`select pg_notify(${ORDER_EVENTS_CHANNEL}, ${payload})`);
      } catch (err) {
        log.warn({ err, orderId: event.orderId }, 'Order events: could not publish an event');
      }
    },
    notifyInStatement: () => ({ channel: ORDER_EVENTS_CHANNEL, stamp: { sentAt: Date.now(), origin } }),
    subscribe: (handler, opts) => subscribers.add(handler, opts),
    publishAccess: async (event) => {
      if (closed) return;
      try {
        await database.db.execute(sql`select pg_notify(${ORDER_EVENTS_CHANNEL}, ${encodeAccessEvent(event)})`);
      } catch (err) {
        log.warn({ err }, 'Order events: could not publish an access event');
      }
    },
    subscribeAccess: (handler) => access.add(handler),
    isListening: () => listening,
    close: async () => {
      if (closed) return;
      closed = true;
      clearTimeout(reconnectTimer);
      clearInterval(pingTimer);
      subscribers.clear();
      access.clear();
      const c = client;
      client = null;
      listening = false;
      if (c) {
        c.removeAllListeners('end');
        c.removeAllListeners('error');
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
}
