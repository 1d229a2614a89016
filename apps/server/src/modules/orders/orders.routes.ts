import { orderBodyRefusal, orderBodySchema, orderQuerySchema, publicOrderSchema } from '@carte/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contract } from '../../http/contract.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { createOrdersService, readIdempotencyKey } from './orders.service.ts';
import { venueOrdersRoutes } from './venue-orders.routes.ts';

const placeOrder = contract({
  summary: 'Place an order (guest): priced by the server from the menu; an Idempotency-Key makes a retry safe',
  description:
    'A table order names one of the venue\'s tables as `spot`; a delivery order has `delivery: true`, `spot: "delivery"`, ' +
    '`deliveryInfo` and the `deliveryCost` of POST /api/delivery-quote. The same `Idempotency-Key` header with the same ' +
    'order gives the same order back; with a different order it is a 409.',
  tag: 'orders',
  auth: 'public',
  body: orderBodySchema,
  refusal: orderBodyRefusal,
  data: publicOrderSchema,
  errors: [
    'ORDER_MISSING_FIELDS',
    'INVALID_QUANTITY',
    'ITEM_NOTES_TOO_LONG',
    'MISSING_DELIVERY_DATA',
    'DELIVERY_QUOTE_INVALID',
    'VENUE_NOT_FOUND',
    'INVALID_SPOT',
    'DELIVERY_NOT_AVAILABLE',
    'PRODUCT_NOT_IN_MENU',
    'VARIATION_NOT_OF_PRODUCT',
    'PRODUCT_WITHOUT_PRICE',
    'INVALID_VARIATIONS',
    'ORDER_TOTAL_TOO_HIGH',
    'IDEMPOTENCY_CONFLICT',
    'VENUE_CLOSED',
    'ORDERING_PAUSED',
    'NOT_AVAILABLE_NOW',
  ],
});
const getOrder = contract({
  summary: "An order, for whoever holds its link (the guest's order page)",
  description: "The guest's delivery details are masked 24 hours after the order (the venue's staff keep them).",
  tag: 'orders',
  auth: 'public',
  querystring: orderQuerySchema,
  data: publicOrderSchema,
  errors: ['ORDER_ID_INVALID', 'ORDER_NOT_FOUND'],
});

/** POST /api/order and GET /api/order (architecture.md 4.4). */
export const ordersRoutes: FastifyPluginAsync<ModuleDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The real clock, not deps.now: order times come from it (deps.now moves only "is the day over").
  const service = createOrdersService({ db: deps.database.db, events: deps.events, metrics: deps.metrics });
  // The venue's side (architecture 4.8): the board's list, status moves, live streams.
  await fastify.register(venueOrdersRoutes, deps);

  // Per client address, beside the global /api limit (ORDER_RATE_LIMIT_PER_MINUTE).
  const orderRateLimit = { max: deps.env.ORDER_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };

  app.post('/order', { schema: placeOrder, config: { rateLimit: orderRateLimit } }, async (request, reply) => {
    const key = readIdempotencyKey(request.headers['idempotency-key']);
    const order = await service.placeOrder(request.body, key);
    reply.header('cache-control', 'no-store');
    return ok(order);
  });

  app.get('/order', { schema: getOrder }, async (request, reply) => {
    const order = await service.getOrder(request.query.orderId);
    reply.header('cache-control', 'no-store');
    return ok(order);
  });
};
