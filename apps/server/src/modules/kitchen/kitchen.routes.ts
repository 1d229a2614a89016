import { createHash } from 'node:crypto';
import { reprintBodySchema, ticketQuerySchema, venueTicketsQuerySchema } from '@carte/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticated, requireVenueRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { findOrderVenueId } from '../staff-orders/staff-orders.service.ts';
import { DEFAULT_TICKET_PRINTER_OPTIONS, TicketPrinter } from './ticket-printer.ts';
import { createTicketsService } from './tickets.service.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * Kitchen tickets (architecture 4.11): this process's printer worker, the board's tickets, reprint,
 * and the printable ticket page (the offline default). Staff of the order's venue only.
 */
export const kitchenRoutes: FastifyPluginAsync<ModuleDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const service = createTicketsService(db);
  const printer = new TicketPrinter(db, deps.events, deps.metrics, fastify.log, {
    ...DEFAULT_TICKET_PRINTER_OPTIONS,
    ...deps.kitchen,
  });
  fastify.addHook('onClose', async () => printer.close());
  const staff = { preValidation: authenticated };
  const venueOfOrder = async (orderId: string) => {
    const venueId = await findOrderVenueId(db, orderId);
    if (!venueId) throw new AppError('ORDER_NOT_FOUND');
    return venueId;
  };

  app.get('/venue/tickets', { ...staff, schema: { querystring: venueTicketsQuerySchema } }, async (request, reply) => {
    await requireVenueRole(request, request.query.venueId);
    reply.header('cache-control', 'no-store');
    return ok({ tickets: await service.venueTickets(request.query.venueId) });
  });

  app.post('/order/reprint', { ...staff, schema: { body: reprintBodySchema } }, async (request, reply) => {
    await requireVenueRole(request, await venueOfOrder(request.body.orderId));
    const tickets = await service.reprint(request.body.orderId, request.body.station);
    await deps.events.publish({
      type: 'order.updated',
      orderId: request.body.orderId,
      venueId: await venueOfOrder(request.body.orderId),
    });
    printer.kick();
    reply.header('cache-control', 'no-store');
    return ok({ tickets });
  });

  app.get('/order/ticket', { ...staff, schema: { querystring: ticketQuerySchema } }, async (request, reply) => {
    const q = request.query;
    await requireVenueRole(request, await venueOfOrder(q.orderId));
    const { html, style } = await service.page(
      q.orderId,
      q.station,
      q.width === '58' ? 58 : q.width === '80' ? 80 : undefined,
    );
    const styleHash = createHash('sha256').update(style).digest('base64');
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', `default-src 'none'; style-src 'sha256-${styleHash}'; frame-ancestors 'self'`)
      .header('x-frame-options', 'SAMEORIGIN')
      .type('text/html; charset=utf-8')
      .send(html);
  });
};
