import { callQuerySchema, createCallBodySchema, updateCallBodySchema, venueCallsQuerySchema } from '@carte/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticated, requireUser, requireVenueRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { createTableCallsService } from './table-calls.service.ts';

/**
 * Calls from the table (architecture 4.12): POST /api/table/call and GET /api/table/call?id (guest),
 * PATCH /api/table/call and GET /api/venue/calls (staff of the call's venue).
 */
export const tableCallsRoutes: FastifyPluginAsync<ModuleDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createTableCallsService({ db: deps.database.db, events: deps.events });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  const staff = { preValidation: authenticated };

  app.post(
    '/table/call',
    {
      schema: { body: createCallBodySchema },
      // Per client address (CALL_RATE_LIMIT_PER_MINUTE), beside the per-table limit of the service.
      config: { rateLimit: { max: deps.env.CALL_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const call = await service.createCall(request.body);
      reply.status(201);
      return ok(call);
    },
  );

  app.get('/table/call', { schema: { querystring: callQuerySchema } }, async (request) =>
    ok(await service.getCall(request.query.id)),
  );

  app.patch('/table/call', { ...staff, schema: { body: updateCallBodySchema } }, async (request) => {
    const user = requireUser(request);
    const current = await service.getCall(request.body.id);
    await requireVenueRole(request, current.venueId);
    return ok(await service.changeCall(request.body, user.id));
  });

  app.get('/venue/calls', { ...staff, schema: { querystring: venueCallsQuerySchema } }, async (request) => {
    await requireVenueRole(request, request.query.venueId);
    return ok({ calls: await service.openCalls(request.query.venueId) });
  });
};
