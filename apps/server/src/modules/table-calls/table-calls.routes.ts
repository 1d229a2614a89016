import {
  callQuerySchema,
  createCallBodySchema,
  tableCallSchema,
  updateCallBodySchema,
  venueCallsQuerySchema,
  venueCallsSchema,
} from '@carte/domain';
import { contract } from '../../http/contract.ts';
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
const createCall = contract({
  summary: 'Call the waiter or ask for the bill from a table (guest); one open call per table',
  tag: 'table-calls',
  auth: 'public',
  body: createCallBodySchema,
  data: tableCallSchema,
  status: 201,
  errors: ['VENUE_NOT_FOUND', 'INVALID_SPOT', 'CALL_OPEN', 'CALLS_TOO_MANY'],
});
const getCall = contract({
  summary: "A call's state, for the guest who made it (someone is coming once acknowledged)",
  tag: 'table-calls',
  auth: 'public',
  querystring: callQuerySchema,
  data: tableCallSchema,
  errors: ['CALL_NOT_FOUND'],
});
const updateCall = contract({
  summary: 'Acknowledge a call (someone is coming) or close it (staff)',
  tag: 'table-calls',
  auth: 'staff',
  body: updateCallBodySchema,
  data: tableCallSchema,
  errors: ['CALL_NOT_FOUND'],
});
const venueCalls = contract({
  summary: "The venue's open calls from the tables (the board)",
  tag: 'table-calls',
  auth: 'staff',
  querystring: venueCallsQuerySchema,
  data: venueCallsSchema,
});

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
      schema: createCall,
      // Per client address (CALL_RATE_LIMIT_PER_MINUTE), beside the per-table limit of the service.
      config: { rateLimit: { max: deps.env.CALL_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const call = await service.createCall(request.body);
      reply.status(201);
      return ok(call);
    },
  );

  app.get('/table/call', { schema: getCall }, async (request) => ok(await service.getCall(request.query.id)));

  app.patch('/table/call', { ...staff, schema: updateCall }, async (request) => {
    const user = requireUser(request);
    const current = await service.getCall(request.body.id);
    await requireVenueRole(request, current.venueId);
    return ok(await service.changeCall(request.body, user.id));
  });

  app.get('/venue/calls', { ...staff, schema: venueCalls }, async (request) => {
    await requireVenueRole(request, request.query.venueId);
    return ok({ calls: await service.openCalls(request.query.venueId) });
  });
};
