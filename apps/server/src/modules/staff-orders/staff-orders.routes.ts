import { addRoundBodySchema, markPaidBodySchema, staffOrderBodySchema } from '@carte/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticated, requireUser, requireVenueRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { createStaffOrdersService } from './staff-orders.service.ts';

/**
 * Orders taken by staff (architecture 4.12): POST /api/venue/order, POST /api/venue/order/items,
 * POST /api/order/paid. Owners and managers of the order's venue.
 */
export const staffOrdersRoutes: FastifyPluginAsync<ModuleDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createStaffOrdersService({ db: deps.database.db, events: deps.events, metrics: deps.metrics });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  const staff = { preValidation: authenticated };

  app.post('/venue/order', { ...staff, schema: { body: staffOrderBodySchema } }, async (request, reply) => {
    const user = requireUser(request);
    await requireVenueRole(request, request.body.venueId);
    const order = await service.placeStaffOrder(request.body, user.id);
    reply.status(201);
    return ok(order);
  });

  app.post('/venue/order/items', { ...staff, schema: { body: addRoundBodySchema } }, async (request) => {
    await requireVenueRole(request, await service.orderVenueId(request.body.orderId));
    return ok(await service.addRound(request.body));
  });

  app.post('/order/paid', { ...staff, schema: { body: markPaidBodySchema } }, async (request) => {
    const user = requireUser(request);
    await requireVenueRole(request, await service.orderVenueId(request.body.orderId));
    return ok(await service.markPaid(request.body, user.id));
  });
};
