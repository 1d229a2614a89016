import { PassThrough } from 'node:stream';
import { MAX_LINE_QUANTITY, VENUE_URL_PATTERN } from '@carte/domain';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import { mapError } from '../../http/error-handler.ts';
import type { RouteModule } from '../../http/module.ts';
import { createChatAssistant } from '../../providers/assistant/index.ts';
import { LANGUAGES, type Language } from '../../providers/assistant/types.ts';
import { createChatService, type ChatRequest } from './chat.service.ts';

/** Messages sent on: older history is cut by the server (the client may send up to HISTORY_MAX). */
export const HISTORY_USED = 30;
export const HISTORY_MAX = 50;
export const MESSAGE_MAX = 2000;
export const HISTORY_HTML_MAX = 8000;
/** Per client address; a venue's guests often share one Wi-Fi address, so it is not tight. */
export const CHAT_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

const cartLineSchema = z.object({
  productId: z.uuid({ error: 'must be a product id' }),
  variationIds: z
    .array(z.string().min(1).max(100), { error: 'must be a list of variation ids' })
    .max(20)
    .default([]),
  quantity: z
    .number({ error: 'must be a whole number from 1 to 99' })
    .int({ error: 'must be a whole number from 1 to 99' })
    .min(1, { error: 'must be a whole number from 1 to 99' })
    .max(MAX_LINE_QUANTITY, { error: 'must be a whole number from 1 to 99' }),
});

export const chatBodySchema = z.object({
  venueUrl: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(200, { error: 'is too long' }),
  /** en, fr, it, de or th; a region ("fr-CH") is ignored; missing means en; anything else is a 400. */
  language: z.string({ error: 'must be a language code' }).trim().max(35).optional(),
  message: z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is empty' })
    .max(MESSAGE_MAX, { error: `is longer than ${MESSAGE_MAX} characters` }),
  history: z
    .array(
      z.object({
        role: z.enum(['user', 'assistant', 'error'], { error: "must be 'user' or 'assistant'" }),
        html: z.string({ error: 'must be text' }).max(HISTORY_HTML_MAX, { error: `is longer than ${HISTORY_HTML_MAX} characters` }),
      }),
      { error: 'must be a list of messages' },
    )
    .max(HISTORY_MAX, { error: `holds more than ${HISTORY_MAX} messages` })
    .default([]),
  cart: z.array(cartLineSchema, { error: 'must be a list of cart lines' }).max(100, { error: 'has too many lines' }).default([]),
});

export function parseLanguage(value: string | undefined): Language {
  if (value === undefined || value === '') return 'en';
  const primary = value.toLowerCase().split(/[-_]/)[0] as Language;
  if (!LANGUAGES.includes(primary)) throw new AppError('INVALID_LANGUAGE');
  return primary;
}

function wantsEventStream(accept: string | undefined): boolean {
  return !!accept && /(^|,)\s*text\/event-stream\b/i.test(accept);
}

function sseEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * POST /api/chat (architecture.md 4.5). JSON by default; with `Accept: text/event-stream` the same
 * content as server-sent events: `delta` {html} fragments to append while the reply forms, then
 * `done` with the whole data object (its html replaces the fragments), or `error` with the
 * envelope. Bad input and an unknown venue answer before the stream starts, with a 4xx envelope.
 */
export const chatRoutes: RouteModule = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const assistant = createChatAssistant(deps.env, { log: app.log });
  const service = createChatService({ db: deps.database.db, assistant, log: app.log });

  app.post(
    '/chat',
    {
      schema: { body: chatBodySchema },
      compress: false,
      config: { rateLimit: CHAT_RATE_LIMIT },
    },
    async (request, reply) => {
      const body = request.body;
      const language = parseLanguage(body.language);
      const venueUrl = body.venueUrl.toLowerCase();
      if (!VENUE_URL_PATTERN.test(venueUrl)) throw new AppError('VENUE_NOT_FOUND');
      const chat: ChatRequest = {
        venueUrl,
        language,
        message: body.message,
        history: body.history
          .filter((h): h is { role: 'user' | 'assistant'; html: string } => h.role !== 'error')
          .slice(-HISTORY_USED),
        cart: body.cart,
      };
      reply.header('cache-control', 'no-store');

      const controller = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });

      if (!wantsEventStream(request.headers.accept)) {
        return ok(await service.answer(chat, controller.signal));
      }

      // Resolve the venue first, so that an unknown venue is a plain 404, not a stream.
      chat.menu = await service.menu(venueUrl);
      const stream = new PassThrough();
      const write = (event: string, data: unknown) => {
        if (!stream.writableEnded) stream.write(sseEvent(event, data));
      };
      void service
        .answer(chat, controller.signal, { onDelta: (html) => write('delta', { html }) })
        .then((data) => write('done', data))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          const { status, body: envelope } = mapError(error);
          if (status >= 500) request.log.error({ err: error }, 'chat stream failed');
          write('error', envelope);
        })
        .finally(() => stream.end());
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );
};
