import { PassThrough } from 'node:stream';
import {
  CHAT_HISTORY_HTML_MAX,
  CHAT_HISTORY_MAX,
  CHAT_HISTORY_USED,
  CHAT_MESSAGE_MAX,
  chatBodySchema,
  chatHistoryDataSchema,
  chatHistoryQuerySchema,
  chatReplySchema,
  TABLE_MEMBER_HEADER,
  toLanguage,
  VENUE_URL_PATTERN,
} from '@carte/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { contract } from '../../http/contract.ts';
import { ok } from '../../http/envelope.ts';
import { mapError } from '../../http/error-handler.ts';
import { authenticated, requireUser, requireVenueRole } from '../../http/auth.ts';
import type { RouteModule } from '../../http/module.ts';
import type { Language } from '../../providers/assistant/types.ts';
import { createStaffMenuService } from '../staff-menu/staff-menu.service.ts';
import { createTableSessionsService } from '../table-sessions/table-sessions.service.ts';
import { createChatService, type ChatRequest } from './chat.service.ts';
import { createStaffChatService } from './staff-chat.service.ts';

/** Messages sent on: older history is cut by the server (the client may send up to HISTORY_MAX). */
export const HISTORY_USED = CHAT_HISTORY_USED;
export const HISTORY_MAX = CHAT_HISTORY_MAX;
export const MESSAGE_MAX = CHAT_MESSAGE_MAX;
export const HISTORY_HTML_MAX = CHAT_HISTORY_HTML_MAX;
/** Per client address; a venue's guests often share one Wi-Fi address, so it is not tight. */
export const CHAT_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

/** The body of POST /api/chat: one schema in the domain, shared with the web client. */
export { chatBodySchema };

export function parseLanguage(value: string | undefined): Language {
  if (value === undefined || value.trim() === '') return 'en';
  const language = toLanguage(value);
  if (!language) throw new AppError('INVALID_LANGUAGE');
  return language;
}

function wantsEventStream(accept: string | undefined): boolean {
  return !!accept && /(^|,)\s*text\/event-stream\b/i.test(accept);
}

function sseEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Sends a reply as server-sent events: the `delta` fragments `produce` reports, then `done` with the
 * whole data, or `error` with the envelope (nothing more once the client has gone).
 */
function sendEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  signal: AbortSignal,
  produce: (onDelta: (html: string) => void) => Promise<unknown>,
  failure: string,
) {
  const stream = new PassThrough();
  const write = (event: string, data: unknown) => {
    if (!stream.writableEnded) stream.write(sseEvent(event, data));
  };
  void produce((html) => write('delta', { html }))
    .then((data) => write('done', data))
    .catch((error: unknown) => {
      if (signal.aborted) return;
      const { status, body: envelope } = mapError(error);
      if (status >= 500) request.log.error({ err: error }, failure);
      write('error', envelope);
    })
    .finally(() => stream.end());
  return reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('x-accel-buffering', 'no')
    .send(stream);
}

const chatHistory = contract({
  summary: "The venue's staff conversation with the assistant, as the server keeps it",
  tag: 'chat',
  auth: 'staff',
  querystring: chatHistoryQuerySchema,
  data: chatHistoryDataSchema,
});
const chat = contract({
  summary: "Ask the venue's assistant (guests; the venue's staff with isAdmin): JSON, or server-sent events",
  description:
    'With `Accept: text/event-stream` the same answer comes as server-sent events: `delta` {html} fragments while ' +
    'the reply forms, then `done` with the answer below, or `error` with the error envelope. With `isAdmin` the ' +
    'signed-in owner or manager talks to the staff assistant, which may change the menu; the server keeps that conversation. ' +
    `A guest whose phone joined its table's live session sends the member's secret in the \`${TABLE_MEMBER_HEADER}\` header: ` +
    'the assistant then answers from the table (what it ordered, its bill, the same round again); an unknown or ended member is ignored.',
  tag: 'chat',
  auth: 'optional',
  body: chatBodySchema,
  data: chatReplySchema,
  errors: [
    'VENUE_NOT_FOUND',
    'INVALID_LANGUAGE',
    'ASSISTANT_FAILED',
    'UNAUTHORIZED',
    'INVALID_TOKEN',
    'FORBIDDEN',
    'CSRF_REJECTED',
  ],
});

/**
 * POST /api/chat (architecture.md 4.5). JSON by default; with `Accept: text/event-stream` the same
 * content as server-sent events: `delta` {html} fragments to append while the reply forms, then
 * `done` with the whole data object (its html replaces the fragments), or `error` with the
 * envelope. Bad input and an unknown venue answer before the stream starts, with a 4xx envelope.
 */
export const chatRoutes: RouteModule = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createChatService({ db: deps.database.db, assistant: deps.assistant, log: app.log });
  const tables = createTableSessionsService({ db: deps.database.db });
  const staffMenu = createStaffMenuService({
    db: deps.database.db,
    storage: deps.storage,
    maxUploadMb: deps.env.MAX_UPLOAD_MB,
    publicUrl: deps.env.PUBLIC_URL,
  });
  const staffChat = createStaffChatService({
    db: deps.database.db,
    staffMenu,
    model: deps.staffModel,
    log: app.log,
  });

  /** The venue of a staff chat call: 401 without a user, 403 without a role there (an unknown venue too). */
  const staffVenue = async (request: Parameters<typeof requireVenueRole>[0], venueUrl: string): Promise<string> => {
    requireUser(request);
    let venueId: string;
    try {
      venueId = VENUE_URL_PATTERN.test(venueUrl) ? await staffMenu.venueIdByUrl(venueUrl) : '';
    } catch (error) {
      if ((error as AppError).code !== 'VENUE_NOT_FOUND') throw error;
      venueId = '';
    }
    if (!venueId) throw new AppError('FORBIDDEN', { logMessage: `staff chat: unknown venue ${venueUrl}` });
    await requireVenueRole(request, venueId);
    return venueId;
  };

  /** GET /api/chat/history?venueId: the venue's staff conversation (owners and managers). */
  app.get(
    '/chat/history',
    {
      preValidation: authenticated,
      schema: chatHistory,
    },
    async (request, reply) => {
      await requireVenueRole(request, request.query.venueId);
      reply.header('cache-control', 'no-store');
      return ok(await staffChat.history(request.query.venueId));
    },
  );

  app.post(
    '/chat',
    {
      schema: chat,
      compress: false,
      config: { rateLimit: CHAT_RATE_LIMIT },
    },
    async (request, reply) => {
      const body = request.body;
      const language = parseLanguage(body.language);
      const venueUrl = body.venueUrl.toLowerCase();
      if (body.isAdmin) {
        // The staff chat: the server keeps the conversation; the client's history is not read.
        const venueId = await staffVenue(request, venueUrl);
        reply.header('cache-control', 'no-store');
        const controller = new AbortController();
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) controller.abort();
        });
        const staffRequest = { venueId, userId: requireUser(request).id, language, message: body.message };
        if (!wantsEventStream(request.headers.accept))
          return ok(await staffChat.answer(staffRequest, controller.signal));
        return sendEventStream(
          request,
          reply,
          controller.signal,
          async (onDelta) => {
            const data = await staffChat.answer(staffRequest, controller.signal);
            onDelta(data.message.html);
            return data;
          },
          'staff chat stream failed',
        );
      }
      if (!VENUE_URL_PATTERN.test(venueUrl)) throw new AppError('VENUE_NOT_FOUND');
      const chat: ChatRequest = {
        venueUrl,
        language,
        message: body.message,
        history: body.history
          .filter((h): h is { role: 'user' | 'assistant'; html: string } => h.role !== 'error')
          .slice(-HISTORY_USED),
        cart: body.cart,
        ...(body.allergyProfile ? { allergyProfile: body.allergyProfile } : {}),
      };
      // A phone at a table: the assistant reads the table's session (its orders and bill).
      const member = request.headers[TABLE_MEMBER_HEADER.toLowerCase()];
      if (typeof member === 'string' && member) {
        const table = await tables.assistantTable(member, venueUrl);
        if (table) chat.table = table;
      }
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
      return sendEventStream(
        request,
        reply,
        controller.signal,
        (onDelta) => service.answer(chat, controller.signal, { onDelta }),
        'chat stream failed',
      );
    },
  );
};
