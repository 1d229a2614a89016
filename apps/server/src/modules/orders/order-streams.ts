import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  accessEventMatches,
  type AccessEvent,
  isCallEvent,
  isTableEvent,
  isVenueEvent,
  type OrderEvent,
  type OrderEventBus,
  type OrderEventType,
  type StreamOptions,
} from '../../events/order-events.ts';
import type { PublicOrder } from '@carte/domain';
import { AppError } from '../../http/app-error.ts';
import { guestOrderView } from './guest-privacy.ts';
import { EPOCH_CURSOR } from './orders.repository.ts';
import { VENUE_ORDERS_LIMIT, type OrderWithCursor, type VenueOrdersService } from './venue-orders.service.ts';

/** Tasks waiting on one stream beyond which its client is too slow: it is cut off and reconnects. */
const MAX_PENDING_TASKS = 500;
/** How long one write may wait for a slow client to read before the stream is cut off. */
const DRAIN_TIMEOUT_MS = 10_000;
/** Orders whose last sent version a stream remembers (to never send the same change twice). */
const REMEMBERED_ORDERS = 5000;
/** A catch-up reads at most this many pages of changes (a day of a very busy venue). */
const MAX_CATCH_UP_PAGES = 50;
/** After a failed read (database away), the stream catches up again this much later. */
const RETRY_AFTER_MS = 2000;
/** On shutdown, how long an ended stream's connection may take to close by itself. */
const HANG_UP_AFTER_MS = 200;
/** EventSource's reconnection delay, sent at the start of each stream. */
const CLIENT_RETRY_MS = 3000;

type StreamKind = 'venue' | 'order';

/** Who a staff stream was opened for, and until when their access token was good. */
export interface StaffGrant {
  userId: string;
  familyId: string;
  venueId: string;
  /** When the access token the stream was opened with expires (ms since the epoch). */
  accessExpiresAt: number;
}

/** Whether a staff grant still holds: the sign-in lives on and the user still has a role at the venue. */
export type StaffGrantCheck = (grant: StaffGrant) => Promise<boolean>;

/**
 * One server-sent events stream: the staff's board of a venue, or a guest's one order. Work for a
 * stream runs one task at a time, so its events leave in order and its cursor only grows; a slow
 * client only slows its own stream, and is cut off when it falls too far behind.
 */
class LiveStream {
  readonly out = new PassThrough();
  /** The highest cursor this stream has covered: what Last-Event-ID will bring back. */
  cursor: string | null = null;
  closed = false;
  private readonly sent = new Map<string, string>();
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  private readonly heartbeat: NodeJS.Timeout;
  private lifetime: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly kind: StreamKind,
    readonly key: string,
    private readonly raw: ServerResponse,
    private readonly hub: OrderStreams,
    private readonly onClose: () => void,
    /** A staff stream's user and sign-in (absent for a guest's). */
    readonly grant: StaffGrant | null = null,
  ) {
    this.out.on('error', () => this.close());
    raw.on('close', () => this.close());
    this.heartbeat = setInterval(() => void this.write(': heartbeat\n\n'), hub.options.heartbeatMs);
    this.heartbeat.unref();
    void this.write(`retry: ${CLIENT_RETRY_MS}\n: connected\n\n`);
  }

  /** Runs `then` after `ms` unless the stream closed meanwhile (one timer at a time). */
  expireIn(ms: number, then: () => void): void {
    clearTimeout(this.lifetime);
    if (this.closed) return;
    this.lifetime = setTimeout(then, Math.max(0, ms));
    this.lifetime.unref();
  }

  /** Queues work for this stream; a failure is logged and followed by a catch-up a little later. */
  enqueue(task: () => Promise<void>): void {
    if (this.closed) return;
    if (++this.pending > MAX_PENDING_TASKS) {
      this.hub.log.warn({ stream: this.kind }, 'Order stream: the client fell too far behind; closing it');
      this.close();
      return;
    }
    this.queue = this.queue.then(async () => {
      this.pending -= 1;
      if (this.closed) return;
      try {
        await task();
      } catch (err) {
        this.hub.log.warn({ err, stream: this.kind }, 'Order stream: could not read an order; catching up shortly');
        this.retryLater();
      }
    });
  }

  private retryLater(): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.enqueue(() => this.hub.catchUp(this));
    }, RETRY_AFTER_MS);
    this.retryTimer.unref();
  }

  /** The order as this stream's client may see it: a guest's link masks old delivery details. */
  private view(o: OrderWithCursor): PublicOrder {
    return this.kind === 'order' ? guestOrderView(o.order, this.hub.now()) : o.order;
  }

  /** Remembers an order as the client already has it (sent before, or older than its cursor). */
  remember(o: OrderWithCursor, json = JSON.stringify(this.view(o))): void {
    this.sent.delete(o.order.id);
    this.sent.set(o.order.id, json);
    if (this.sent.size > REMEMBERED_ORDERS) this.sent.delete(this.sent.keys().next().value!);
    this.advance(o.cursor);
  }

  advance(cursor: string): void {
    if (!this.cursor || cursor > this.cursor) this.cursor = cursor;
  }

  /** Sends the order unless the client has this very version already. */
  async send(type: OrderEventType, o: OrderWithCursor): Promise<void> {
    const json = JSON.stringify(this.view(o));
    if (this.sent.get(o.order.id) === json) {
      this.advance(o.cursor);
      return;
    }
    this.remember(o, json);
    await this.write(`id: ${this.cursor}\nevent: ${type}\ndata: ${json}\n\n`);
  }

  /** A call from the table (architecture 4.12) or the venue's service change: sent as is, outside the order cursor. */
  async sendCall(type: 'call.created' | 'call.updated' | 'venue.updated', json: string): Promise<void> {
    await this.write(`event: ${type}\ndata: ${json}\n\n`);
  }

  private buffered(): number {
    return this.out.writableLength + this.out.readableLength + this.raw.writableLength;
  }

  private async write(chunk: string): Promise<void> {
    if (this.closed) return;
    if (this.buffered() > this.hub.options.maxBufferedBytes) {
      this.hub.log.warn({ stream: this.kind }, 'Order stream: the client does not read; closing it');
      this.close();
      return;
    }
    if (this.out.write(chunk)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.out.off('drain', done);
        this.out.off('close', done);
        resolve();
      };
      const timer = setTimeout(() => {
        done();
        this.close();
      }, DRAIN_TIMEOUT_MS);
      this.out.once('drain', done);
      this.out.once('close', done);
    });
  }

  /** Ends the stream; `hangUp` also drops the connection shortly after (the server is closing). */
  close(hangUp = false): void {
    if (!this.closed) {
      this.closed = true;
      clearInterval(this.heartbeat);
      clearTimeout(this.lifetime);
      clearTimeout(this.retryTimer);
      this.sent.clear();
      this.out.end();
      this.onClose();
    }
    if (hangUp) {
      // A client that does not close its side must not keep app.close() waiting.
      setTimeout(() => {
        if (!this.raw.destroyed) this.raw.destroy();
      }, HANG_UP_AFTER_MS).unref();
    }
  }
}

export interface OpenStream {
  /** The response body: reply.send(stream.body). */
  body: PassThrough;
}

/**
 * The live order streams of one process (architecture 4.8): subscribes once to the order event
 * bus, reads each changed order once from the database and sends the whole PublicOrder to every
 * stream that shows it; catches streams up after a reconnect (Last-Event-ID or `since`) and when the
 * bus says events may have been lost.
 */
export class OrderStreams {
  private readonly byVenue = new Map<string, Set<LiveStream>>();
  private readonly byOrder = new Map<string, Set<LiveStream>>();
  private readonly perAddress = new Map<string, number>();
  /** A guest stream's table (venue id and spot): the table's calls reach it. */
  private readonly tableOf = new Map<LiveStream, string>();
  private total = 0;
  private closed = false;
  private readonly unsubscribe: () => void;
  private readonly unsubscribeAccess: () => void;

  /**
   * `checkGrant` re-checks a staff stream's right when its access token expires (and after events
   * may have been lost); without it a staff stream simply ends after `staffLifetimeMs`.
   */
  constructor(
    bus: OrderEventBus,
    private readonly service: VenueOrdersService,
    readonly options: StreamOptions,
    readonly log: FastifyBaseLogger,
    private readonly checkGrant?: StaffGrantCheck,
    readonly now: () => number = Date.now,
    /** Reads a call from the table for the boards and the guests of that table (none: calls are not streamed). */
    private readonly readCall?: (id: string) => Promise<{ venueId: string; spot: string } | undefined>,
  ) {
    this.unsubscribe = bus.subscribe((event) => this.onEvent(event), { onResync: () => this.resyncAll() });
    this.unsubscribeAccess = bus.subscribeAccess((event) => this.onAccessEvent(event));
  }

  /** Open streams (for tests and logs). */
  get size(): number {
    return this.total;
  }

  /** Open streams by who watches: the staff's boards, the guests' order pages (for /metrics). */
  openByKind(): { board: number; guest: number } {
    let board = 0;
    let guest = 0;
    for (const set of this.byVenue.values()) board += set.size;
    for (const set of this.byOrder.values()) guest += set.size;
    return { board, guest };
  }

  /** Takes a slot for a client address: 429 beyond the per-address limit, 503 when the process is full or closing. */
  private admit(address: string): () => void {
    if (this.closed) throw new AppError('SERVICE_UNAVAILABLE');
    const used = this.perAddress.get(address) ?? 0;
    if (used >= this.options.perAddress) {
      throw new AppError('RATE_LIMITED', { logMessage: `${used} order streams open from one address` });
    }
    if (this.total >= this.options.maxStreams) {
      throw new AppError('SERVICE_UNAVAILABLE', { logMessage: `${this.total} order streams open` });
    }
    this.perAddress.set(address, used + 1);
    this.total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left > 0) this.perAddress.set(address, left);
      else this.perAddress.delete(address);
    };
  }

  private open(kind: StreamKind, key: string, address: string, raw: ServerResponse, grant?: StaffGrant): LiveStream {
    const release = this.admit(address);
    const index = kind === 'venue' ? this.byVenue : this.byOrder;
    const onClose = () => {
      release();
      const set = index.get(key);
      set?.delete(stream);
      if (set && set.size === 0) index.delete(key);
    };
    const stream: LiveStream = new LiveStream(kind, key, raw, this, onClose, grant ?? null);
    const set = index.get(key) ?? new Set<LiveStream>();
    set.add(stream);
    index.set(key, set);
    if (kind === 'venue') {
      if (grant && this.checkGrant) stream.expireIn(grant.accessExpiresAt - this.now(), () => this.recheck(stream));
      else stream.expireIn(this.options.staffLifetimeMs, () => stream.close());
    }
    return stream;
  }

  /**
   * The access token a staff stream was opened with has expired (or events may have been lost):
   * the stream goes on only while the sign-in lives and the user still has a role at the venue,
   * and is checked again one access-token lifetime later.
   */
  private recheck(stream: LiveStream): void {
    const { grant } = stream;
    if (stream.closed || !grant || !this.checkGrant) return;
    this.checkGrant(grant).then(
      (live) => {
        if (!live) {
          this.log.info({ userId: grant.userId, venueId: grant.venueId }, 'Order stream: staff right ended; closing');
          stream.close();
        } else {
          stream.expireIn(this.options.staffLifetimeMs, () => this.recheck(stream));
        }
      },
      (err: unknown) => {
        this.log.warn({ err }, 'Order stream: could not check a staff right; checking again shortly');
        stream.expireIn(RETRY_AFTER_MS, () => this.recheck(stream));
      },
    );
  }

  /** A sign-in ended or a person left a venue (in any process): their board streams close now. */
  private onAccessEvent(event: AccessEvent): void {
    const sets = event.venueId ? [this.byVenue.get(event.venueId)] : [...this.byVenue.values()];
    for (const set of sets) {
      for (const stream of [...(set ?? [])]) {
        if (stream.grant && accessEventMatches(event, stream.grant)) stream.close();
      }
    }
  }

  /**
   * The board of a venue. With a cursor (Last-Event-ID or `since`): every order changed after it,
   * oldest change first, then live. Without: live from now.
   */
  openVenue(
    venueId: string,
    since: string | null,
    address: string,
    raw: ServerResponse,
    grant?: StaffGrant,
  ): OpenStream {
    const stream = this.open('venue', venueId, address, raw, grant);
    stream.enqueue(async () => {
      if (since) await this.catchUpVenue(stream, since);
      else stream.advance(await this.service.venueCursor(venueId));
    });
    return { body: stream.out };
  }

  /** A guest's order: its current state (unless the cursor says the guest has it), then each change. */
  openOrder(current: OrderWithCursor, since: string | null, address: string, raw: ServerResponse): OpenStream {
    const stream = this.open('order', current.order.id, address, raw);
    this.tableOf.set(stream, `${current.venueId}\n${current.order.spot}`);
    stream.out.once('close', () => this.tableOf.delete(stream));
    stream.enqueue(async () => {
      if (since && current.cursor <= since) {
        stream.remember(current);
        stream.advance(since);
      } else {
        await stream.send('order.updated', current);
      }
    });
    return { body: stream.out };
  }

  private onEvent(event: OrderEvent): void {
    if (isTableEvent(event.type)) return; // a table session's cart: its phones' streams (decision 034)
    if (isVenueEvent(event.type)) {
      // The service settings changed: the venue's boards read them again (they carry no order).
      const json = JSON.stringify({ venueId: event.venueId });
      for (const stream of this.byVenue.get(event.venueId) ?? []) {
        stream.enqueue(() => stream.sendCall('venue.updated', json));
      }
      return;
    }
    if (isCallEvent(event.type)) {
      this.onCallEvent(event.type, event.orderId, event.venueId);
      return;
    }
    const boards = this.byVenue.get(event.venueId);
    const guests = this.byOrder.get(event.orderId);
    if (!boards?.size && !guests?.size) return;
    // One read per event for all of this process's streams, started after the change committed.
    const read = this.service.readOrder(event.orderId);
    read.catch(() => {}); // each stream handles the failure
    const deliver = (stream: LiveStream, type: OrderEventType) =>
      stream.enqueue(async () => {
        const o = await read;
        if (!o) return;
        if (stream.kind === 'venue' && o.venueId !== stream.key) return;
        await stream.send(type, o);
      });
    for (const stream of boards ?? []) deliver(stream, event.type);
    for (const stream of guests ?? []) deliver(stream, 'order.updated');
  }

  /** A call's change: to the venue's boards, and to the guests whose order is at that table. */
  private onCallEvent(type: 'call.created' | 'call.updated', callId: string, venueId: string): void {
    if (!this.readCall) return;
    const boards = [...(this.byVenue.get(venueId) ?? [])];
    const guests = [...this.tableOf.entries()].filter(([, table]) => table.startsWith(`${venueId}\n`));
    if (!boards.length && !guests.length) return;
    const read = this.readCall(callId);
    read.catch(() => {});
    const deliver = (stream: LiveStream) =>
      stream.enqueue(async () => {
        const call = await read;
        if (!call || call.venueId !== venueId) return;
        if (stream.kind === 'order' && this.tableOf.get(stream) !== `${call.venueId}\n${call.spot}`) return;
        await stream.sendCall(type, JSON.stringify(call));
      });
    for (const stream of boards) deliver(stream);
    for (const [stream] of guests) deliver(stream);
  }

  /** Sends what the stream may have missed: a board's changes since its cursor, a guest's order now. */
  async catchUp(stream: LiveStream): Promise<void> {
    if (stream.kind === 'venue') {
      await this.catchUpVenue(stream, stream.cursor ?? EPOCH_CURSOR);
      return;
    }
    const o = await this.service.readOrder(stream.key);
    if (o) await stream.send('order.updated', o);
  }

  private async catchUpVenue(stream: LiveStream, since: string): Promise<void> {
    let cursor = since;
    for (let page = 0; page < MAX_CATCH_UP_PAGES && !stream.closed; page++) {
      const { orders, cursor: next } = await this.service.changesSince(stream.key, cursor);
      for (const o of orders) {
        // An order written after the cursor is new to this client: the board rings for it. Cursors
        // compare as text (same form, microseconds); date_created's milliseconds could not tell.
        const type = (o.createdCursor ?? o.cursor) > since ? 'order.created' : 'order.updated';
        await stream.send(type, o);
      }
      stream.advance(next);
      if (orders.length < VENUE_ORDERS_LIMIT || next === cursor) break;
      cursor = next;
    }
  }

  private resyncAll(): void {
    for (const set of [...this.byVenue.values(), ...this.byOrder.values()]) {
      for (const stream of set) {
        // A revocation may have been among the lost notifications.
        if (stream.grant) this.recheck(stream);
        stream.enqueue(() => this.catchUp(stream));
      }
    }
  }

  /** Ends every stream (the server is closing): clients reconnect to another process. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe();
    this.unsubscribeAccess();
    for (const set of [...this.byVenue.values(), ...this.byOrder.values()]) {
      for (const stream of [...set]) stream.close(true);
    }
  }
}
