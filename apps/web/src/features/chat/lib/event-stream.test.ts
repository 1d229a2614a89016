import { describe, expect, it } from 'vitest';
import { createEventStreamParser, readEventStream, type ServerSentEvent } from './event-stream.ts';

function parse(chunks: string[]): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  const parser = createEventStreamParser((e) => events.push(e));
  for (const c of chunks) parser.push(c);
  parser.end();
  return events;
}

const delta = { event: 'delta', data: '{"html":"<p>Hi</p>"}' };
const done = { event: 'done', data: '{"products":[]}' };

describe('createEventStreamParser', () => {
  it.each<[string, string, ServerSentEvent[]]>([
    ['two events', 'event: delta\ndata: {"html":"<p>Hi</p>"}\n\nevent: done\ndata: {"products":[]}\n\n', [delta, done]],
    ['CRLF line ends', 'event: delta\r\ndata: {"html":"<p>Hi</p>"}\r\n\r\n', [delta]],
    ['CR line ends', 'event: delta\rdata: {"html":"<p>Hi</p>"}\r\r', [delta]],
    ['no space after the colon', 'event:delta\ndata:{"html":"<p>Hi</p>"}\n\n', [delta]],
    ['a comment line', ': keep-alive\n\nevent: delta\ndata: {"html":"<p>Hi</p>"}\n\n', [delta]],
    ['several data lines joined by a newline', 'data: a\ndata: b\n\n', [{ event: 'message', data: 'a\nb' }]],
    ['an event without data is not dispatched', 'event: ping\n\n', []],
    ['an unended event is dropped at the end', 'event: delta\ndata: {"html":"x"}\n', []],
    ['unknown fields are ignored', 'id: 4\nretry: 10\nevent: done\ndata: {"products":[]}\n\n', [done]],
  ])('%s', (_name, text, expected) => {
    expect(parse([text])).toEqual(expected);
  });

  it('gives the same events however the text is cut into chunks', () => {
    const text = 'event: delta\r\ndata: {"html":"<p>Hi</p>"}\r\n\r\n: c\n\nevent: done\rdata: {"products":[]}\r\r';
    for (let i = 0; i <= text.length; i++) {
      for (const j of [i, Math.min(text.length, i + 3)]) {
        expect(parse([text.slice(0, i), text.slice(i, j), text.slice(j)])).toEqual([delta, done]);
      }
    }
  });
});

describe('readEventStream', () => {
  it('decodes UTF-8 characters split across network chunks', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"html":"<p>Crème brûlée · ผัดไทย</p>"}\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 5) controller.enqueue(bytes.slice(i, i + 5));
        controller.close();
      },
    });
    const events: ServerSentEvent[] = [];
    await readEventStream(body, (e) => events.push(e));
    expect(events).toEqual([{ event: 'delta', data: '{"html":"<p>Crème brûlée · ผัดไทย</p>"}' }]);
  });
});
