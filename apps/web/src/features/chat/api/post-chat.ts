import type { ApiEnvelope } from '@carte/domain/public-types';
import { ApiError } from '../../../lib/api-client.ts';
import { readEventStream } from '../lib/event-stream.ts';
import type { ChatBody } from '@carte/domain/wire';
import { cleanProfile } from '../../../lib/stores/allergy-profile.ts';
import type { ChatAction, ChatReply } from '../types.ts';

/** The body of POST /api/chat (architecture.md 4.5): the domain's schema input. */
export type ChatRequestBody = ChatBody;

function isAction(value: unknown): value is ChatAction {
  if (typeof value !== 'object' || value === null) return false;
  const a = value as Record<string, unknown>;
  if (a.type === 'open_cart') return true;
  return (
    (a.type === 'add_to_cart' || a.type === 'remove_from_cart') &&
    typeof a.productId === 'string' &&
    Array.isArray(a.variationIds) &&
    a.variationIds.every((v) => typeof v === 'string') &&
    typeof a.quantity === 'number'
  );
}

/** The reply as the client uses it; anything malformed is a failed message, not a broken page. */
function toReply(data: unknown): ChatReply {
  const d = data as Partial<ChatReply> | null;
  if (!d || typeof d.message?.html !== 'string') throw new ApiError(0, 'BAD_RESPONSE', 'Unexpected chat reply');
  return {
    message: { role: 'assistant', html: d.message.html },
    products: Array.isArray(d.products) ? d.products.filter((p): p is string => typeof p === 'string') : [],
    actions: Array.isArray(d.actions) ? d.actions.filter(isAction) : [],
    ...(d.allergyProfile && typeof d.allergyProfile === 'object'
      ? { allergyProfile: cleanProfile(d.allergyProfile) }
      : {}),
  };
}

function fromEnvelope(status: number, envelope: unknown): ChatReply {
  const e = envelope as ApiEnvelope<unknown> | null;
  if (!e || typeof e !== 'object' || !('success' in e))
    throw new ApiError(status, 'BAD_RESPONSE', 'Unexpected response');
  if (!e.success) throw new ApiError(status, e.code, e.error);
  return toReply(e.data);
}

/**
 * POST /api/chat as server-sent events: `delta` {html} fragments as the reply forms (appended),
 * then `done` with the whole reply (its html replaces the fragments), or `error` with the envelope.
 * A JSON answer (bad input, unknown venue, rate limit, or a server that does not stream) is read
 * as the envelope. Rejects with an ApiError, or with the AbortError when `signal` aborts.
 */
export async function postChat(
  body: ChatRequestBody,
  {
    signal,
    onDelta,
    headers,
  }: {
    signal?: AbortSignal;
    onDelta?: (html: string) => void;
    /** More headers: the table member's secret of a phone at a table. */
    headers?: Record<string, string>;
  } = {},
): Promise<ChatReply> {
  let response: Response;
  try {
    response = await fetch(new URL('/api/chat', document.baseURI).href, {
      method: 'POST',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json', ...headers },
      credentials: 'same-origin',
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new ApiError(0, 'NETWORK', 'The network request failed.');
  }

  const type = response.headers.get('content-type') ?? '';
  if (!/text\/event-stream/i.test(type) || !response.body) {
    let envelope: unknown = null;
    try {
      envelope = await response.json();
    } catch {
      envelope = null;
    }
    return fromEnvelope(response.status, envelope);
  }

  let reply: ChatReply | null = null;
  let failure: ApiError | null = null;
  try {
    await readEventStream(response.body, ({ event, data }) => {
      if (reply || failure) return;
      let payload: unknown;
      try {
        payload = JSON.parse(data);
      } catch {
        return;
      }
      if (event === 'delta') {
        const html = (payload as { html?: unknown } | null)?.html;
        if (typeof html === 'string') onDelta?.(html);
      } else if (event === 'done') {
        reply = toReply(payload);
      } else if (event === 'error') {
        try {
          fromEnvelope(response.status, payload);
          failure = new ApiError(response.status, 'BAD_RESPONSE', 'Unexpected chat error event');
        } catch (e) {
          failure = e instanceof ApiError ? e : new ApiError(0, 'BAD_RESPONSE', String(e));
        }
      }
    });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new ApiError(0, 'NETWORK', 'The reply stopped before it was complete.');
  }
  if (failure) throw failure;
  if (!reply) throw new ApiError(0, 'STREAM_ENDED', 'The reply stopped before it was complete.');
  return reply;
}
