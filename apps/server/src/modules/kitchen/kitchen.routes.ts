import { createHash } from 'node:crypto';
import {
  reprintAnswerSchema,
  reprintBodySchema,
  ticketQuerySchema,
  venueTicketsQuerySchema,
  venueTicketsSchema,
} from '@carte/domain';
import { contract, rawContract } from '../../http/contract.ts';
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
const venueTickets = contract({
  summary: "The tickets of the venue's current orders, by order id (the board)",
  tag: 'tickets',
  auth: 'staff',
  querystring: venueTicketsQuerySchema,
  data: venueTicketsSchema,
});
const reprint = contract({
  summary: "Print an order's tickets again (every station, or the one named)",
  tag: 'tickets',
  auth: 'staff',
  body: reprintBodySchema,
  data: reprintAnswerSchema,
  errors: ['ORDER_NOT_FOUND', 'TICKET_NOT_FOUND'],
});
const ticketPageContract = rawContract({
  summary: "One station's ticket as a print-ready page (80 or 58 mm), the offline default",
  tag: 'tickets',
  auth: 'staff',
  querystring: ticketQuerySchema,
  produces: { 'text/html': 'the ticket, monospaced, sized for the paper' },
  errors: ['ORDER_NOT_FOUND', 'TICKET_NOT_FOUND'],
});

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

  app.get('/venue/tickets', { ...staff, schema: venueTickets }, async (request, reply) => {
    await requireVenueRole(request, request.query.venueId);
    reply.header('cache-control', 'no-store');
    return ok({ tickets: await service.venueTickets(request.query.venueId) });
  });

  app.post('/order/reprint', { ...staff, schema: reprint }, async (request, reply) => {
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

  app.get('/order/ticket', { ...staff, schema: ticketPageContract }, async (request, reply) => {
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
