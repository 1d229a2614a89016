import { http, HttpResponse } from 'msw';

/** A POST /api/chat body as the test received it. */
export interface ChatRequestSeen {
  venueUrl: string;
  language: string;
  message: string;
  history: { role: string; html: string }[];
  cart: { productId: string; variationIds: string[]; quantity: number }[];
  /** The guest's allergies and diets, when the page has any. */
  allergyProfile?: { allergens: string[]; diets: string[] };
  accept: string | null;
  /** The X-Table-Member header: the secret of a phone at a table. */
  tableMember: string | null;
  signal: AbortSignal;
}

export interface ChatReplyData {
  message: { role: 'assistant'; html: string };
  products: string[];
  actions: unknown[];
  allergyProfile?: { allergens: string[]; diets: string[] };
}

export function chatReply(html: string, products: string[] = [], actions: unknown[] = []): ChatReplyData {
  return { message: { role: 'assistant', html }, products, actions };
}

/** One step of a scripted reply. `wait` holds the stream until the test resolves the promise. */
export type StreamStep =
  | { delta: string }
  | { done: ChatReplyData }
  | { error: { success: false; error: string; code: string } }
  | { wait: Promise<unknown> }
  | { comment: string };

/** What the handler answers to one request: a stream, or a JSON envelope with a status. */
export type ChatAnswer = { stream: StreamStep[] } | { json: unknown; status?: number };

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** A controllable gate for streaming tests. */
export function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/**
 * POST /api/chat: each request gets the next answer of `answers` (the last one repeats), in
 * server-sent events (chat.routes.ts: `delta` {html}, `done` data, `error` envelope) or as JSON.
 * Every request body is pushed to `seen`.
 */
export function chatHandler(
  answers: ChatAnswer[] | ((body: ChatRequestSeen) => ChatAnswer),
  seen: ChatRequestSeen[] = [],
) {
  let n = 0;
  return http.post('*/api/chat', async ({ request }) => {
    const body = (await request.json()) as Omit<ChatRequestSeen, 'accept' | 'tableMember' | 'signal'>;
    const received: ChatRequestSeen = {
      ...body,
      accept: request.headers.get('accept'),
      tableMember: request.headers.get('x-table-member'),
      signal: request.signal,
    };
    seen.push(received);
    const answer = typeof answers === 'function' ? answers(received) : answers[Math.min(n++, answers.length - 1)]!;
    if ('json' in answer) return HttpResponse.json(answer.json as never, { status: answer.status ?? 200 });
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const step of answer.stream) {
          if ('wait' in step) await step.wait;
          else if ('delta' in step) controller.enqueue(encoder.encode(sse('delta', { html: step.delta })));
          else if ('done' in step) controller.enqueue(encoder.encode(sse('done', step.done)));
          else if ('error' in step) controller.enqueue(encoder.encode(sse('error', step.error)));
          else controller.enqueue(encoder.encode(`: ${step.comment}\n\n`));
        }
        controller.close();
      },
    });
    return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
  });
}

/** A streamed reply: its html in one delta per block, then `done`. */
export function streamed(reply: ChatReplyData): ChatAnswer {
  const blocks = reply.message.html.match(/<(p|ul|ol)[\s\S]*?<\/\1>/g) ?? [reply.message.html];
  return { stream: [...blocks.map((delta) => ({ delta })), { done: reply }] };
}

export const chatFailure = (status = 500, code = 'INTERNAL'): ChatAnswer => ({
  json: { success: false, error: 'An error occurred. Please try again later.', code },
  status,
});
