import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/client.ts';

/** Open live order streams of this process, by who watches. */
export interface OpenStreams {
  board: number;
  guest: number;
}

/** Where an order event was published, seen from the process that received it. */
export type EventOrigin = 'this_process' | 'other_process';

/**
 * The metrics of one Carte process (architecture 4.14), read by `GET /metrics` in the Prometheus
 * text format (prom-client). Modules reach it as `deps.metrics`: they count what happened
 * (`ordersPlaced.inc()`), and sources that already know a number (open streams, the pool) are
 * read when Prometheus scrapes. Every app has its own registry: tests build many apps in one process.
 */
export interface CarteMetrics {
  readonly registry: Registry;
  /** Orders stored (an Idempotency-Key replay is not a new order), by fulfilment. */
  readonly ordersPlaced: Counter<'fulfilment'>;
  /** Card payments applied to an order: paid, failed, refunded. */
  readonly payments: Counter<'status'>;
  /** Kitchen tickets sent to a printer (counted by the kitchen ticket module). */
  readonly ticketsPrinted: Counter;
  /** Time from an order event's publication in one process to its arrival in this one. */
  readonly eventDelay: Histogram<'origin'>;
  /** One answered HTTP request: `route` is the route's pattern (`/api/order`, `/media/:file`), not the URL. */
  observeRequest(method: string, route: string | undefined, status: number, elapsedMs: number): void;
  /** The order streams module says how many streams it holds. */
  watchOpenStreams(source: () => OpenStreams): void;
}

/** Seconds: most answers take milliseconds; a live stream's response lasts its connection. */
const REQUEST_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const EVENT_DELAY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export interface MetricsOptions {
  /** The database pool's state, read at each scrape. */
  pool?: (() => PoolStats) | undefined;
  /** Node.js process metrics (CPU, memory, event loop lag, GC), prefixed `carte_`. */
  processMetrics?: boolean;
}

export function createMetrics(options: MetricsOptions = {}): CarteMetrics {
  const registry = new Registry();
  const registers = [registry];
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'carte_' });

  const requests = new Histogram({
    name: 'carte_http_request_duration_seconds',
    help: 'HTTP requests answered, by method, route pattern and status, with their duration in seconds',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const ordersPlaced = new Counter({
    name: 'carte_orders_placed_total',
    help: 'Orders placed and stored (a keyed retry of the same order counts once), by fulfilment (table or delivery)',
    labelNames: ['fulfilment'] as const,
    registers,
  });
  const payments = new Counter({
    name: 'carte_payments_total',
    help: 'Card payment outcomes applied to orders (paid, failed, refunded)',
    labelNames: ['status'] as const,
    registers,
  });
  const ticketsPrinted = new Counter({
    name: 'carte_tickets_printed_total',
    help: 'Kitchen tickets sent to a printer',
    registers,
  });
  const eventDelay = new Histogram({
    name: 'carte_order_event_delay_seconds',
    help: "Seconds from an order event's publication (NOTIFY) to its arrival in this process; other_process compares two machines' clocks",
    labelNames: ['origin'] as const,
    buckets: EVENT_DELAY_BUCKETS,
    registers,
  });

  let streams: (() => OpenStreams) | undefined;
  new Gauge({
    name: 'carte_event_streams_open',
    help: 'Live order streams (server-sent events) open in this process, by kind (board: staff, guest: an order page)',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      const open = streams?.() ?? { board: 0, guest: 0 };
      this.set({ kind: 'board' }, open.board);
      this.set({ kind: 'guest' }, open.guest);
    },
  });

  const pool = options.pool;
  if (pool) {
    new Gauge({
      name: 'carte_db_pool_connections',
      help: "The database pool's connections (busy, idle) and the queries waiting for one (waiting)",
      labelNames: ['state'] as const,
      registers,
      collect() {
        const s = pool();
        this.set({ state: 'busy' }, s.total - s.idle);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
    new Gauge({
      name: 'carte_db_pool_max_connections',
      help: 'The most connections the database pool opens',
      registers,
      collect() {
        this.set(pool().max);
      },
    });
  }

  return {
    registry,
    ordersPlaced,
    payments,
    ticketsPrinted,
    eventDelay,
    observeRequest(method, route, status, elapsedMs) {
      requests.observe({ method, route: route ?? 'unmatched', status: String(status) }, elapsedMs / 1000);
    },
    watchOpenStreams(source) {
      streams = source;
    },
  };
}
