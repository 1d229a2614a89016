/**
 * A server-sent events reader over fetch, for tests against a listening server: it keeps every
 * event and comment it has read and lets a test wait for the next ones.
 */
export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
  /** When the event was parsed (performance.now()). */
  at: number;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** The body of a refused request (an envelope), else ''. */
  body: string;
  events: SseEvent[];
  comments: string[];
  /** True once the server ended the stream. */
  ended(): boolean;
  /** Resolves with the next event at index >= `from` matching `match`, or rejects after `timeoutMs`. */
  waitFor(match: (e: SseEvent) => boolean, timeoutMs?: number, from?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  waitForEnd(timeoutMs?: number): Promise<void>;
  waitForComment(match: (c: string) => boolean, timeoutMs?: number): Promise<string>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let ended = false;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of [...listeners]) l();
  };
  let body = '';
  if (!res.ok || !res.headers.get('content-type')?.startsWith('text/event-stream')) {
    body = await res.text();
    ended = true;
  } else {
    void (async () => {
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            let id: string | null = null;
            let event = 'message';
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else if (line.startsWith('id:')) id = line.slice(3).trim();
              else if (line.startsWith('event:')) event = line.slice(6).trim();
              else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
            }
            if (data.length) events.push({ id, event, data: data.join('\n'), at: performance.now() });
          }
          notify();
        }
      } catch {
        // aborted by close()
      } finally {
        ended = true;
        notify();
      }
    })();
  }

  const wait = <T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const found = check();
      if (found !== undefined) return resolve(found);
      const onChange = () => {
        const x = check();
        if (x !== undefined) {
          clearTimeout(timer);
          listeners.delete(onChange);
          resolve(x);
        }
      };
      const timer = setTimeout(() => {
        listeners.delete(onChange);
        reject(
          new Error(
            `${what} did not come within ${timeoutMs} ms; events so far: ${events.map((e) => e.event).join(', ')}`,
          ),
        );
      }, timeoutMs);
      listeners.add(onChange);
    });

  return {
    status: res.status,
    headers: res.headers,
    body,
    events,
    comments,
    ended: () => ended,
    waitFor: (match, timeoutMs = 5000, from = 0) => wait(() => events.slice(from).find(match), timeoutMs, 'the event'),
    waitForEnd: (timeoutMs = 5000) =>
      wait(() => (ended ? true : undefined), timeoutMs, 'the end of the stream').then(() => {}),
    waitForComment: (match, timeoutMs = 5000) => wait(() => comments.find(match), timeoutMs, 'the comment'),
    close: () => controller.abort(),
  };
}
