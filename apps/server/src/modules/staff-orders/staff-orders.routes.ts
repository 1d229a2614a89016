import {
  type PublicOrder,
  addRoundBodySchema,
  markPaidBodySchema,
  staffOrderAnswerSchema,
  staffOrderBodySchema,
} from '@carte/domain';
import { contract } from '../../http/contract.ts';
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
const orderErrors = [
  'INVALID_SPOT',
  'PRODUCT_NOT_IN_MENU',
  'INVALID_VARIATIONS',
  'INVALID_QUANTITY',
  'ORDER_MISSING_FIELDS',
] as const;
const placeStaffOrder = contract({
  summary: 'Enter an order for a table (staff): checked and priced as a guest order, accepted at once',
  tag: 'staff-orders',
  auth: 'staff',
  body: staffOrderBodySchema,
  data: staffOrderAnswerSchema,
  status: 201,
  errors: ['VENUE_NOT_FOUND', ...orderErrors],
});
const addRound = contract({
  summary: "Add a round to a table's open, unpaid order",
  tag: 'staff-orders',
  auth: 'staff',
  body: addRoundBodySchema,
  data: staffOrderAnswerSchema,
  errors: ['ORDER_NOT_FOUND', 'ORDER_NOT_OPEN', ...orderErrors],
});
const markPaid = contract({
  summary: 'Mark an order paid at the venue (cash, card terminal, other)',
  tag: 'staff-orders',
  auth: 'staff',
  body: markPaidBodySchema,
  data: staffOrderAnswerSchema,
  errors: ['ORDER_NOT_FOUND', 'ORDER_ALREADY_PAID', 'INVALID_TRANSITION'],
});

/** The order as its loose answer schema takes it (PublicOrder is an interface: no index signature). */
const answer = (order: PublicOrder) => order as PublicOrder & Record<string, unknown>;

export const staffOrdersRoutes: FastifyPluginAsync<ModuleDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createStaffOrdersService({ db: deps.database.db, events: deps.events, metrics: deps.metrics });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  const staff = { preValidation: authenticated };

  app.post('/venue/order', { ...staff, schema: placeStaffOrder }, async (request, reply) => {
    const user = requireUser(request);
    await requireVenueRole(request, request.body.venueId);
    const order = await service.placeStaffOrder(request.body, user.id);
    reply.status(201);
    return ok(answer(order));
  });

  app.post('/venue/order/items', { ...staff, schema: addRound }, async (request) => {
    await requireVenueRole(request, await service.orderVenueId(request.body.orderId));
    return ok(answer(await service.addRound(request.body)));
  });

  app.post('/order/paid', { ...staff, schema: markPaid }, async (request) => {
    const user = requireUser(request);
    await requireVenueRole(request, await service.orderVenueId(request.body.orderId));
    return ok(answer(await service.markPaid(request.body, user.id)));
  });
};
