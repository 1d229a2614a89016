import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { createOrdersService, readIdempotencyKey } from './orders.service.ts';
import { venueOrdersRoutes } from './venue-orders.routes.ts';

const orderQuery = z.object({
  orderId: z.string({ error: 'must be a single order id' }).max(100, { error: 'is too long' }).optional(),
});

/**
 * POST /api/order and GET /api/order (architecture.md 4.4). The body is checked by the domain's
 * parseOrderRequest so that each problem answers with the specification's message.
 */
export const ordersRoutes: FastifyPluginAsync<ModuleDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createOrdersService({ db: deps.database.db, events: deps.events, metrics: deps.metrics });
  // The venue's side (architecture 4.8): the board's list, status moves, live streams.
  await fastify.register(venueOrdersRoutes, deps);

  // Per client address, beside the global /api limit (ORDER_RATE_LIMIT_PER_MINUTE).
  const orderRateLimit = { max: deps.env.ORDER_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };

  app.post('/order', { config: { rateLimit: orderRateLimit } }, async (request, reply) => {
    const key = readIdempotencyKey(request.headers['idempotency-key']);
    const order = await service.placeOrder(request.body, key);
    reply.header('cache-control', 'no-store');
    return ok(order);
  });

  app.get('/order', { schema: { querystring: orderQuery } }, async (request, reply) => {
    const order = await service.getOrder(request.query.orderId);
    reply.header('cache-control', 'no-store');
    return ok(order);
  });
};
