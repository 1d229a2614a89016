import { isUuid } from '@carte/domain';
/**
 * Order events (architecture 4.8): "this order changed, read it again". Published AFTER the
 * transaction that changed the order commits; every server process's subscribers receive it
 * (PostgreSQL LISTEN/NOTIFY on channel `carte_orders`; PGlite: in this one process).
 * An event carries ids only: subscribers re-read the order, so an event can never show a state
 * that was rolled back or is older than the database's.
 */
export const ORDER_EVENT_TYPES = [
  'order.created',
  'order.updated',
  'call.created',
  'call.updated',
  'table.updated',
  'venue.updated',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];
/** A call from the table (architecture 4.12) travels on the same channel; its `orderId` is the call's id. */
export const isCallEvent = (type: OrderEventType): type is 'call.created' | 'call.updated' => type.startsWith('call.');
/** A table session changed (decision 034): its `orderId` is the session's id; only that table's phones hear it. */
export const isTableEvent = (type: OrderEventType): type is 'table.updated' => type === 'table.updated';
/**
 * The venue's service settings changed (a pause, a resume, the prep time, the hours: architecture
 * 4.10): its boards read them again. `orderId` is the venue's id.
 */
export const isVenueEvent = (type: OrderEventType): type is 'venue.updated' => type === 'venue.updated';
/** An order was created or changed (boards, kitchen printers, couriers). */
export const isOrderEvent = (type: OrderEventType): type is 'order.created' | 'order.updated' =>
  type.startsWith('order.');

export interface OrderEvent {
  type: OrderEventType;
  /** The order's id; for a call event, the call's id. */
  orderId: string;
  venueId: string;
}

export type OrderEventHandler = (event: OrderEvent) => void;

/**
 * "These staff rights ended": a sign-in was ended (sign-out, the session's end, a refresh token
 * reused, a password change) or a person was removed from a venue. Sent on the same channel as the
 * order events, so every process closes the staff streams it holds for them at once. A stream
 * matches when every field given matches it (`keepFamilyId`: every sign-in of the user but that one).
 */
export interface AccessEvent {
  type: 'access.revoked';
  userId?: string;
  familyId?: string;
  keepFamilyId?: string;
  venueId?: string;
}

export type AccessEventHandler = (event: AccessEvent) => void;

/** Whether an access event concerns a staff stream of that user, sign-in and venue. */
export function accessEventMatches(
  event: AccessEvent,
  grant: { userId: string; familyId: string; venueId: string },
): boolean {
  if (!event.userId && !event.familyId) return false;
  if (event.userId && event.userId !== grant.userId) return false;
  if (event.familyId && event.familyId !== grant.familyId) return false;
  if (event.keepFamilyId && event.keepFamilyId === grant.familyId) return false;
  if (event.venueId && event.venueId !== grant.venueId) return false;
  return true;
}

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
  /**
   * PostgreSQL's bus only: the channel and this bus's stamp, so that the statement storing an order
   * sends its 'order.created' NOTIFY itself (delivered at commit, never for a write rolled back),
   * in place of publish's own round trip (decision 037). Absent: publish after the commit.
   */
  notifyInStatement?(): { channel: string; stamp: EventStamp };
}

export interface OrderEventBus extends OrderEventPublisher {
  kind: 'in-process' | 'postgres';
  /** Receives every event of every process; returns the unsubscribe function. */
  subscribe(handler: OrderEventHandler, options?: SubscribeOptions): () => void;
  /** Tells every process that staff rights ended (never throws, as publish). */
  publishAccess(event: AccessEvent): Promise<void>;
  /** Receives every process's access events; returns the unsubscribe function. */
  subscribeAccess(handler: AccessEventHandler): () => void;
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
   * A staff stream's right is checked again when the access token it was opened with expires, then
   * this often (the access token's lifetime); a stream without a way to check ends after this long.
   * Sign-out, a session's end and a removal from the venue close it at once (access events).
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

const ACCESS_ID = /^[0-9a-f-]{36}$/i;

/** The NOTIFY payload of an access event. */
export function encodeAccessEvent(event: AccessEvent): string {
  return JSON.stringify(event);
}

/** Reads an access event from the channel; anything else is null. */
export function decodeAccessEvent(payload: string | undefined): AccessEvent | null {
  if (!payload) return null;
  try {
    const x = JSON.parse(payload) as Record<string, unknown>;
    if (x.type !== 'access.revoked') return null;
    const event: AccessEvent = { type: 'access.revoked' };
    for (const key of ['userId', 'familyId', 'keepFamilyId', 'venueId'] as const) {
      const value = x[key];
      if (value === undefined) continue;
      if (typeof value !== 'string' || !ACCESS_ID.test(value)) return null;
      event[key] = value.toLowerCase();
    }
    return event.userId || event.familyId ? event : null;
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
export class Subscribers<E extends { type: string; orderId?: string } = OrderEvent> {
  private readonly list = new Set<{ handler: (event: E) => void; options: SubscribeOptions }>();
  constructor(private readonly log: BusLog) {}

  add(handler: (event: E) => void, options: SubscribeOptions = {}): () => void {
    const entry = { handler, options };
    this.list.add(entry);
    return () => {
      this.list.delete(entry);
    };
  }

  deliver(event: E): void {
    for (const { handler } of [...this.list]) {
      try {
        handler(event);
      } catch (err) {
        this.log.warn({ err, event: event.type, orderId: event.orderId }, 'An order event subscriber failed');
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
  const access = new Subscribers<AccessEvent>(log);
  let closed = false;
  return {
    kind: 'in-process',
    publish: async (event) => {
      if (closed) return;
      const copy = { ...event };
      setImmediate(() => subscribers.deliver(copy));
    },
    subscribe: (handler, options) => subscribers.add(handler, options),
    publishAccess: async (event) => {
      if (closed) return;
      const copy = { ...event };
      setImmediate(() => access.deliver(copy));
    },
    subscribeAccess: (handler) => access.add(handler),
    isListening: () => !closed,
    close: async () => {
      closed = true;
      subscribers.clear();
      access.clear();
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
