import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small OpenAI-compatible chat-completions server on 127.0.0.1, scripted per test.
 * Each request to POST /v1/chat/completions takes the next scripted step:
 *  - {text}: an assistant message (streamed in small deltas when the request asks for stream);
 *  - {toolCalls}: tool calls (streamed as tool_calls deltas, arguments split across chunks);
 *  - {status, body}: an HTTP error;
 *  - {delayMs}: waits before answering (for timeouts).
 * It records every request body so tests can check what the model was sent.
 */

export type FakeStep =
  | { text: string; delayMs?: number }
  | { toolCalls: { name: string; arguments: Record<string, unknown> | string; id?: string }[]; text?: string; delayMs?: number }
  | { status: number; body?: string; delayMs?: number };

export interface RecordedRequest {
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    stream?: boolean;
    messages: { role: string; content: string | null; tool_call_id?: string; tool_calls?: unknown[] }[];
    tools?: { function: { name: string } }[];
  };
}

export interface FakeOpenAiServer {
  /** The LLM_BASE_URL to configure: http://127.0.0.1:<port>/v1 */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Replaces the script. */
  script(steps: FakeStep[]): void;
  close(): Promise<void>;
}

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

async function readBody(req: IncomingMessage): Promise<string> {
  let data = '';
  for await (const c of req) data += String(c);
  return data;
}

export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  let steps: FakeStep[] = [];
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      const body = JSON.parse(await readBody(req)) as RecordedRequest['body'];
      requests.push({ headers: req.headers, body });
      const step = steps.shift() ?? { status: 500, body: '{"error":{"message":"no scripted step left"}}' };
      if (step.delayMs) {
        const closed = new Promise<void>((resolve) => res.on('close', () => resolve()));
        await Promise.race([new Promise((r) => setTimeout(r, step.delayMs)), closed]);
        if (res.destroyed || res.writableEnded) return;
      }
      if ('status' in step) {
        res.writeHead(step.status, { 'content-type': 'application/json' }).end(step.body ?? '{"error":{"message":"failure"}}');
        return;
      }
      const id = `chatcmpl-${requests.length}`;
      const toolCalls =
        'toolCalls' in step
          ? step.toolCalls.map((c, i) => ({
              id: c.id ?? `call_${requests.length}_${i}`,
              name: c.name,
              arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments),
            }))
          : [];
      const text = step.text ?? '';
      const finish = toolCalls.length ? 'tool_calls' : 'stop';
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id,
            object: 'chat.completion',
            model: body.model,
            choices: [
              {
                index: 0,
                finish_reason: finish,
                message: {
                  role: 'assistant',
                  content: text || null,
                  ...(toolCalls.length
                    ? { tool_calls: toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) }
                    : {}),
                },
              },
            ],
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const send = (delta: Record<string, unknown>, finishReason: string | null = null) =>
        res.write(
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', model: body.model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`,
        );
      send({ role: 'assistant', content: '' });
      for (const piece of chunks(text, 7)) send({ content: piece });
      toolCalls.forEach((c, index) => {
        send({ tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.name, arguments: '' } }] });
        for (const piece of chunks(c.arguments, 10)) send({ tool_calls: [{ index, function: { arguments: piece } }] });
      });
      send({}, finish);
      res.write('data: [DONE]\n\n');
      res.end();
    })().catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(e));
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script(next) {
      steps = [...next];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
