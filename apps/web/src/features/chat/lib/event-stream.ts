/** One server-sent event: its `event` name (default 'message') and its `data` lines joined by '\n'. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * An incremental text/event-stream parser (the WHATWG rules the chat needs): lines end in \n,
 * \r\n or \r; a blank line ends an event; `event:` names it, `data:` lines are joined with '\n';
 * lines starting with ':' are comments; one space after the colon is dropped.
 * Feed it decoded text in chunks of any size; call `end()` when the body ends.
 */
export function createEventStreamParser(onEvent: (event: ServerSentEvent) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let pendingCR = false;

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n') });
    event = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };

  return {
    push(chunk: string) {
      if (chunk === '') return;
      let text = chunk;
      // A '\r' at the end of the last chunk may be the first half of '\r\n'.
      if (pendingCR && text.startsWith('\n')) text = text.slice(1);
      pendingCR = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i));
        if (c === '\r') {
          if (i + 1 < buffer.length) {
            if (buffer[i + 1] === '\n') i++;
          } else pendingCR = true;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    /** An event not ended by a blank line when the stream closes is dropped, as browsers do. */
    end() {
      buffer = '';
      event = '';
      data = [];
    },
  };
}

/** Reads a fetch body as server-sent events, decoding UTF-8 across chunk boundaries. */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ServerSentEvent) => void,
): Promise<void> {
  const parser = createEventStreamParser(onEvent);
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } finally {
    reader.releaseLock();
  }
}
