import {
  allergyAckBodySchema,
  isUuid,
  orderStreamQuerySchema,
  publicOrderSchema,
  statusChangeBodySchema,
  venueOrdersPageSchema,
  venueOrdersQuerySchema,
  venueOrdersStreamQuerySchema,
} from '@carte/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEFAULT_STREAM_OPTIONS } from '../../events/order-events.ts';
import { AppError } from '../../http/app-error.ts';
import { contract, rawContract } from '../../http/contract.ts';
import { authenticated, requireUser, requireVenueRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { staffGrantIsLive } from '../auth/auth.service.ts';
import { OrderStreams } from './order-streams.ts';
import { createTableCallsService } from '../table-calls/table-calls.service.ts';
import {
  createVenueOrdersService,
  parseCursor,
  parseStatusFilter,
} from './venue-orders.service.ts';

const listVenueOrders = contract({
  summary: "The venue's orders for the board, newest changes last, with the cursor to catch up from",
  tag: 'venue-orders',
  auth: 'staff',
  querystring: venueOrdersQuerySchema,
  data: venueOrdersPageSchema,
  errors: ['VENUE_NOT_FOUND'],
});
const venueStream = rawContract({
  summary: "The board's live stream: server-sent events order.created, order.updated, venue.updated",
  description:
    'Resumes from `since` or the Last-Event-ID header (a cursor). The stream closes within a second of ' +
    "the staff member's sign-out or removal from the venue.",
  tag: 'venue-orders',
  auth: 'staff',
  querystring: venueOrdersStreamQuerySchema,
  produces: { 'text/event-stream': 'server-sent events, each `data:` one JSON event with its cursor as `id:`' },
  errors: ['VENUE_NOT_FOUND'],
});
const changeStatus = contract({
  summary: "Move an order through its life (staff): accept, prepare, ready, serve, deliver or cancel",
  description: 'The moves allowed are those of order-status.ts; a cancellation may give a reason shown to the guest.',
  tag: 'orders',
  auth: 'staff',
  body: statusChangeBodySchema,
  data: publicOrderSchema,
  errors: ['ORDER_ID_INVALID', 'ORDER_NOT_FOUND', 'INVALID_TRANSITION', 'ALLERGY_NOT_ACKNOWLEDGED'],
});
const allergyAck = contract({
  summary: "Acknowledge an order's allergy banner (staff): needed before the order can be prepared",
  tag: 'orders',
  auth: 'staff',
  body: allergyAckBodySchema,
  data: publicOrderSchema,
  errors: ['ORDER_ID_INVALID', 'ORDER_NOT_FOUND'],
});
const orderStream = rawContract({
  summary: "An order, live (the guest's order page): server-sent events",
  description:
    'Each change of the order is an `order.updated` event carrying the order as GET /api/order answers it; ' +
    'a reconnecting client sends `Last-Event-ID` (or `since`) and gets what it missed. Needs the order\'s id, like GET /api/order.',
  tag: 'orders',
  auth: 'public',
  querystring: orderStreamQuerySchema,
  produces: { 'text/event-stream': 'order.updated events, each with the order' },
  errors: ['ORDER_ID_INVALID', 'ORDER_NOT_FOUND'],
});

/**
 * Server-sent events: no caching, no proxy buffering, no compression (routes set compress: false).
 * The connection closes with the stream: an ended stream must not leave a keep-alive socket that
 * app.close() would wait for.
 */
const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  'x-accel-buffering': 'no',
  connection: 'close',
};

/** The cursor a reconnecting EventSource sends (Last-Event-ID) wins over the `since` of its URL. */
function streamCursor(header: string | string[] | undefined, since: string | undefined): string | null {
  const last = Array.isArray(header) ? header[header.length - 1] : header;
  if (last !== undefined && last.trim() !== '') return parseCursor(last, 'Last-Event-ID');
  return parseCursor(since);
}

/**
 * Orders for the venue (architecture 4.8): the board's list, status moves, and the live streams of
 * the board (staff) and of a guest's order. Owners and managers of the order's venue only, except
 * the guest stream, which needs the order's unguessable id as GET /api/order does.
 */
export const venueOrdersRoutes: FastifyPluginAsync<ModuleDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createVenueOrdersService({ db: deps.database.db, events: deps.events });
  const calls = createTableCallsService({ db: deps.database.db });
  const streams = new OrderStreams(
    deps.events,
    service,
    { ...DEFAULT_STREAM_OPTIONS, ...deps.streams },
    fastify.log,
    (grant) => staffGrantIsLive(deps.database.db, grant, new Date()),
    undefined,
    (id) => calls.getCall(id).catch(() => undefined),
  );
  deps.metrics.watchOpenStreams(() => streams.openByKind());
  // Before the server waits for open connections: a stream never ends by itself.
  fastify.addHook('preClose', async () => streams.close());
  fastify.addHook('onClose', async () => streams.close());
  const staff = { preValidation: authenticated };

  app.get('/venue/orders', { ...staff, schema: listVenueOrders }, async (request, reply) => {
    const q = request.query;
    await requireVenueRole(request, q.venueId);
    const result = await service.list({
      venueId: q.venueId,
      statuses: parseStatusFilter(q.status),
      since: parseCursor(q.since),
      limit: q.limit,
    });
    reply.header('cache-control', 'no-store');
    return ok(result);
  });

  app.patch('/order/status', { ...staff, schema: changeStatus }, async (request, reply) => {
    const user = requireUser(request);
    const change = request.body;
    await requireVenueRole(request, await service.orderVenueId(change.orderId));
    const order = await service.changeStatus(change, user.id);
    reply.header('cache-control', 'no-store');
    return ok(order);
  });

  // The board's "allergies read" button (decision 028): needed before the order can move to preparing.
  app.post('/order/allergy-ack', { ...staff, schema: allergyAck }, async (request, reply) => {
    const user = requireUser(request);
    const { orderId } = request.body;
    await requireVenueRole(request, await service.orderVenueId(orderId));
    const order = await service.acknowledgeOrderAllergies(orderId, user.id);
    reply.header('cache-control', 'no-store');
    return ok(order);
  });

  app.get(
    '/venue/orders/stream',
    { ...staff, compress: false, schema: venueStream },
    async (request, reply) => {
      const user = requireUser(request);
      const venueId = request.query.venueId;
      await requireVenueRole(request, venueId);
      const since = streamCursor(request.headers['last-event-id'], request.query.since);
      const stream = streams.openVenue(venueId, since, request.ip, reply.raw, {
        userId: user.id,
        familyId: user.familyId,
        venueId,
        accessExpiresAt: user.accessExpiresAt,
      });
      return reply.headers(STREAM_HEADERS).send(stream.body);
    },
  );

  app.get('/order/stream', { compress: false, schema: orderStream }, async (request, reply) => {
    const { orderId } = request.query;
    if (!orderId || !isUuid(orderId)) throw new AppError('ORDER_ID_INVALID');
    const since = streamCursor(request.headers['last-event-id'], request.query.since);
    const current = await service.readOrder(orderId);
    if (!current) throw new AppError('ORDER_NOT_FOUND');
    const stream = streams.openOrder(current, since, request.ip, reply.raw);
    return reply.headers(STREAM_HEADERS).send(stream.body);
  });
};
