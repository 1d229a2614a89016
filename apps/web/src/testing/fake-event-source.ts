/**
 * jsdom has no EventSource: this fake stands in for it in the web tests. Each `new EventSource`
 * is recorded, so a test can open it, send named events with an id, fail it, and check the URL
 * (and the `since` cursor) a reconnection asked for.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readonly withCredentials: boolean;
  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(url: string | URL, init?: EventSourceInit) {
    super();
    this.url = String(url);
    this.withCredentials = Boolean(init?.withCredentials);
    FakeEventSource.instances.push(this);
  }

  /** The server answered 200 text/event-stream. */
  open(): void {
    this.readyState = FakeEventSource.OPEN;
    const event = new Event('open');
    this.onopen?.(event);
    this.dispatchEvent(event);
  }

  /** One server-sent event: `event: <type>`, `id: <id>`, `data: <JSON>`. */
  emit(type: string, data: unknown, id = ''): void {
    const event = new MessageEvent(type, {
      data: typeof data === 'string' ? data : JSON.stringify(data),
      lastEventId: id,
    });
    if (type === 'message') this.onmessage?.(event);
    this.dispatchEvent(event);
  }

  /** The connection dropped (or the server refused it). */
  fail(): void {
    this.readyState = FakeEventSource.CLOSED;
    const event = new Event('error');
    this.onerror?.(event);
    this.dispatchEvent(event);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  get closed(): boolean {
    return this.readyState === FakeEventSource.CLOSED;
  }

  static install(): void {
    FakeEventSource.instances = [];
    (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  }

  static uninstall(): void {
    FakeEventSource.instances = [];
    delete (globalThis as { EventSource?: unknown }).EventSource;
  }

  /** The open streams whose URL starts with `path` (e.g. '/api/venue/orders/stream'). */
  static live(path: string): FakeEventSource[] {
    return FakeEventSource.instances.filter((s) => !s.closed && new URL(s.url).pathname === path);
  }

  static latest(path: string): FakeEventSource | undefined {
    return FakeEventSource.instances.filter((s) => new URL(s.url).pathname === path).at(-1);
  }
}
