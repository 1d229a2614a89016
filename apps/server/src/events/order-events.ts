import { isUuid } from '@carte/domain';
/**
 * Order events (architecture 4.8): "this order changed, read it again". Published AFTER the
 * transaction that changed the order commits; every server process's subscribers receive it
 * (PostgreSQL LISTEN/NOTIFY on channel `carte_orders`; PGlite: in this one process).
 * An event carries ids only: subscribers re-read the order, so an event can never show a state
 * that was rolled back or is older than the database's.
 */
export const ORDER_EVENT_TYPES = ['order.created', 'order.updated', 'call.created', 'call.updated'] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];
/** A call from the table (architecture 4.12) travels on the same channel; its `orderId` is the call's id. */
export const isCallEvent = (type: OrderEventType): type is 'call.created' | 'call.updated' => type.startsWith('call.');

export interface OrderEvent {
  type: OrderEventType;
  /** The order's id; for a call event, the call's id. */
  orderId: string;
  venueId: string;
}

export type OrderEventHandler = (event: OrderEvent) => void;

export interface SubscribeOptions {
  /**
   * Called when events may have been lost (the listening connection to PostgreSQL broke and is
   * back): catch up from the database.
   */
  onResync?: () => void;
}

/** What publishers need (orders, payments, courier webhooks). */
export interface OrderEventPublisher {
  /** Never throws: a lost event is logged; boards catch up from the database on their next resync. */
  publish(event: OrderEvent): Promise<void>;
}

export interface OrderEventBus extends OrderEventPublisher {
  kind: 'in-process' | 'postgres';
  /** Receives every event of every process; returns the unsubscribe function. */
  subscribe(handler: OrderEventHandler, options?: SubscribeOptions): () => void;
  /** True while events from other processes can arrive (always true in-process). */
  isListening(): boolean;
  close(): Promise<void>;
}

export interface BusLog {
  warn(obj: object, msg: string): void;
  info?(obj: object, msg: string): void;
}

export const ORDER_EVENTS_CHANNEL = 'carte_orders';

/** The live order streams (server-sent events) of one process. */
export interface StreamOptions {
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: number;
  /** Open streams per client address (a venue's wifi puts many guests behind one address). */
  perAddress: number;
  /** Open streams in this process. */
  maxStreams: number;
  /** A client that has not read this many bytes of its stream is cut off (it reconnects and catches up). */
  maxBufferedBytes: number;
  /**
   * A staff stream ends after this long, as the access token it was opened with does: the board
   * reconnects with a fresh token, so a signed-out or removed user stops receiving orders.
   */
  staffLifetimeMs: number;
}

export const DEFAULT_STREAM_OPTIONS: StreamOptions = {
  heartbeatMs: 15_000,
  perAddress: 100,
  maxStreams: 5000,
  maxBufferedBytes: 1024 * 1024,
  staffLifetimeMs: 15 * 60 * 1000,
};

/**
 * When and where an event was published: the NOTIFY payload carries it beside the event, so the
 * receiving process can measure the delay (`carte_order_event_delay_seconds`).
 */
export interface EventStamp {
  /** Milliseconds since the epoch, on the publishing machine's clock. */
  sentAt: number;
  /** The publishing bus's random id. */
  origin: string;
}

/** The NOTIFY payload: JSON {type, orderId, venueId}, and the stamp when given. */
export function encodeOrderEvent(event: OrderEvent, stamp?: EventStamp): string {
  return JSON.stringify({ type: event.type, orderId: event.orderId, venueId: event.venueId, ...stamp });
}

/** The stamp of a payload, or null (a payload of an older process, or not ours). */
export function readEventStamp(payload: string | undefined): EventStamp | null {
  try {
    const x = JSON.parse(payload ?? '') as Record<string, unknown>;
    return typeof x.sentAt === 'number' && Number.isFinite(x.sentAt) && typeof x.origin === 'string'
      ? { sentAt: x.sentAt, origin: x.origin }
      : null;
  } catch {
    return null;
  }
}

/** Reads a payload from the channel; anything else than a well-formed event is null. */
export function decodeOrderEvent(payload: string | undefined): OrderEvent | null {
  if (!payload) return null;
  try {
    const x = JSON.parse(payload) as Record<string, unknown>;
    if (
      (ORDER_EVENT_TYPES as readonly unknown[]).includes(x.type) &&
      typeof x.orderId === 'string' &&
      isUuid(x.orderId) &&
      typeof x.venueId === 'string' &&
      isUuid(x.venueId)
    ) {
      return { type: x.type as OrderEventType, orderId: x.orderId.toLowerCase(), venueId: x.venueId.toLowerCase() };
    }
  } catch {
    // not JSON: someone else's NOTIFY on our channel
  }
  return null;
}

/** The subscriber list every bus shares: delivery never throws into the publisher. */
export class Subscribers {
  private readonly list = new Set<{ handler: OrderEventHandler; options: SubscribeOptions }>();
  constructor(private readonly log: BusLog) {}

  add(handler: OrderEventHandler, options: SubscribeOptions = {}): () => void {
    const entry = { handler, options };
    this.list.add(entry);
    return () => {
      this.list.delete(entry);
    };
  }

  deliver(event: OrderEvent): void {
    for (const { handler } of [...this.list]) {
      try {
        handler(event);
      } catch (err) {
        this.log.warn({ err, orderId: event.orderId }, 'An order event subscriber failed');
      }
    }
  }

  resync(): void {
    for (const { options } of [...this.list]) {
      try {
        options.onResync?.();
      } catch (err) {
        this.log.warn({ err }, 'An order event subscriber failed to resync');
      }
    }
  }

  clear(): void {
    this.list.clear();
  }
}

/** PGlite (one process): events go from publisher to subscribers in memory, after the caller's turn. */
export function createInProcessOrderEventBus(log: BusLog): OrderEventBus {
  const subscribers = new Subscribers(log);
  let closed = false;
  return {
    kind: 'in-process',
    publish: async (event) => {
      if (closed) return;
      const copy = { ...event };
      setImmediate(() => subscribers.deliver(copy));
    },
    subscribe: (handler, options) => subscribers.add(handler, options),
    isListening: () => !closed,
    close: async () => {
      closed = true;
      subscribers.clear();
    },
  };
}

/**
 * Publishes an event after the caller's transaction committed. `events` may be absent (a CLI or a
 * test that built a service without a bus): then nothing is published.
 */
export async function publishOrderEvent(events: OrderEventPublisher | undefined, event: OrderEvent): Promise<void> {
  await events?.publish(event);
}
