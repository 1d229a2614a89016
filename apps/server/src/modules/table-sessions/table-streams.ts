import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { TableSession } from '@carte/domain';
import { isTableEvent, type OrderEventBus } from '../../events/order-events.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionBase } from './table-sessions.service.ts';

/** EventSource's reconnection delay, sent at the start of each stream. */
const CLIENT_RETRY_MS = 2000;
/** A phone that has not read this much of its stream is cut off (it reconnects and gets the session). */
const MAX_BUFFERED_BYTES = 256 * 1024;
/** Open streams of one table (its phones, several tabs each) and of this process. */
const MAX_PER_SESSION = 64;
const MAX_STREAMS = 5000;

interface PhoneStream {
  sessionId: string;
  me: TableSession['me'];
  out: PassThrough;
  raw: ServerResponse;
  /** The highest version sent: an older read arriving late is never sent after a newer one. */
  sent: number;
  closed: boolean;
}

/**
 * The phones' live streams of their table's session (decision 034): `event: session`, the whole
 * session, on connect and after every change from any process (`table.updated` on the order bus).
 * One read per change and process, shared by that table's phones; an older read that arrives after a
 * newer one is dropped by version. When the session ends, the phones get it closed and the stream ends.
 */
export class TableStreams {
  private readonly bySession = new Map<string, Set<PhoneStream>>();
  private readonly unsubscribe: () => void;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    bus: OrderEventBus,
    private readonly read: (sessionId: string) => Promise<SessionBase | null>,
    private readonly log: FastifyBaseLogger,
    heartbeatMs = 15_000,
  ) {
    this.unsubscribe = bus.subscribe(
      (event) => {
        if (isTableEvent(event.type) && this.bySession.has(event.orderId)) this.refresh(event.orderId);
      },
      // Events may have been lost while the listening connection was away: send every session again.
      { onResync: () => [...this.bySession.keys()].forEach((id) => this.refresh(id)) },
    );
    this.heartbeat = setInterval(() => {
      for (const set of this.bySession.values()) for (const s of set) this.write(s, ': heartbeat\n\n');
    }, heartbeatMs);
    this.heartbeat.unref();
  }

  /** Opens a phone's stream with the session as it is now. */
  open(base: SessionBase, me: TableSession['me'], raw: ServerResponse): PassThrough {
    if ((this.bySession.get(base.id)?.size ?? 0) >= MAX_PER_SESSION) {
      throw new AppError('RATE_LIMITED', { logMessage: `${MAX_PER_SESSION} streams open for table session ${base.id}` });
    }
    if (this.size >= MAX_STREAMS) throw new AppError('SERVICE_UNAVAILABLE', { logMessage: `${this.size} table streams open` });
    const stream: PhoneStream = { sessionId: base.id, me, out: new PassThrough(), raw, sent: 0, closed: false };
    stream.out.on('error', () => this.close(stream));
    raw.on('close', () => this.close(stream));
    let set = this.bySession.get(base.id);
    if (!set) this.bySession.set(base.id, (set = new Set()));
    set.add(stream);
    this.write(stream, `retry: ${CLIENT_RETRY_MS}\n: connected\n\n`);
    this.send(stream, base);
    return stream.out;
  }

  /** Streams open in this process (tests, metrics). */
  get size(): number {
    let n = 0;
    for (const set of this.bySession.values()) n += set.size;
    return n;
  }

  private refresh(sessionId: string): void {
    this.read(sessionId).then(
      (base) => {
        const set = this.bySession.get(sessionId);
        if (!set || !base) return;
        for (const stream of set) this.send(stream, base);
      },
      (err: unknown) => this.log.warn({ err, sessionId }, 'Table stream: could not read the session'),
    );
  }

  private send(stream: PhoneStream, base: SessionBase): void {
    if (stream.closed || base.version <= stream.sent) return;
    stream.sent = base.version;
    const session: TableSession = { ...base, me: stream.me };
    this.write(stream, `event: session\nid: ${base.version}\ndata: ${JSON.stringify(session)}\n\n`);
    if (base.status === 'closed') this.close(stream);
  }

  private write(stream: PhoneStream, text: string): void {
    if (stream.closed) return;
    if (stream.out.writableLength + stream.raw.writableLength > MAX_BUFFERED_BYTES) {
      this.close(stream); // too slow: it reconnects and gets the whole session
      return;
    }
    stream.out.write(text);
  }

  private close(stream: PhoneStream): void {
    if (stream.closed) return;
    stream.closed = true;
    const set = this.bySession.get(stream.sessionId);
    set?.delete(stream);
    if (set && !set.size) this.bySession.delete(stream.sessionId);
    stream.out.end();
  }

  /** Ends every stream (server shutdown): phones reconnect to another process. */
  closeAll(): void {
    clearInterval(this.heartbeat);
    this.unsubscribe();
    for (const set of [...this.bySession.values()]) for (const s of [...set]) this.close(s);
  }
}
