import {
  mailListAnswerSchema,
  mailListQuerySchema,
  mailMessageAnswerSchema,
  mailMessageQuerySchema,
  mailResendBodySchema,
  mailSummarySchema,
} from '@carte/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticated, requireVenueRole } from '../../http/auth.ts';
import { contract } from '../../http/contract.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';

/**
 * The outbox (owners): GET /api/venue/mail lists the messages Carte sent or kept about the venue,
 * GET /api/venue/mail/message reads one, POST /api/venue/mail/resend sends one again.
 */
export const mailRoutes: FastifyPluginAsync<ModuleDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/venue/mail',
    {
      preValidation: authenticated,
      schema: contract({
        summary: "The venue's e-mails, newest first (the outbox)",
        tag: 'mail',
        auth: 'staff',
        querystring: mailListQuerySchema,
        data: mailListAnswerSchema,
      }),
    },
    async (request) => {
      await requireVenueRole(request, request.query.venueId, ['owner']);
      return ok(await deps.mailer.list(request.query.venueId, request.query.before));
    },
  );

  app.get(
    '/venue/mail/message',
    {
      preValidation: authenticated,
      schema: contract({
        summary: 'One e-mail of the outbox, with its text',
        tag: 'mail',
        auth: 'staff',
        querystring: mailMessageQuerySchema,
        data: mailMessageAnswerSchema,
        errors: ['NOT_FOUND'],
      }),
    },
    async (request) => {
      await requireVenueRole(request, request.query.venueId, ['owner']);
      return ok(await deps.mailer.get(request.query.venueId, request.query.id));
    },
  );

  app.post(
    '/venue/mail/resend',
    {
      preValidation: authenticated,
      schema: contract({
        summary: 'Send an e-mail of the outbox again',
        tag: 'mail',
        auth: 'staff',
        body: mailResendBodySchema,
        data: mailSummarySchema,
        errors: ['NOT_FOUND'],
      }),
    },
    async (request) => {
      await requireVenueRole(request, request.body.venueId, ['owner']);
      return ok(await deps.mailer.resend(request.body.venueId, request.body.id));
    },
  );
};
