import { z } from '../zod.ts';
import { idSchema } from './common.ts';
import { TICKET_STATUSES, type TicketStatus } from '../kitchen.ts';

/** A kitchen ticket of an order as the staff see it (architecture 4.11: the staff order's `tickets`). */
export interface OrderTicket {
  /** The station's id. */
  station: string;
  stationName: string;
  /** 1 for the order's first lines, 2 for the first round a waiter added, ... */
  round: number;
  status: TicketStatus;
  /** Tries to send it to the printer so far (0 for a station printed from the browser). */
  attempts: number;
  /** The station has a network printer; false: the pass prints the ticket page. */
  networked: boolean;
  /** ISO 8601, once printed. */
  printedAt: string | null;
  /** Why the last try failed ('ECONNREFUSED', 'no answer'), while it is not printed. */
  lastError: string | null;
  /** ISO 8601: when the server tries again, while it does. */
  nextAttemptAt: string | null;
}

const orderId = idSchema('order');
const station = z
  .string({ error: 'must be a station id' })
  .trim()
  .min(1, { error: 'must be a station id' })
  .max(40, { error: 'must be a station id' });

/** POST /api/order/reprint: every station of the order, or the one named. */
export const reprintBodySchema = z
  .strictObject({ orderId, station: station.optional() }, { error: 'must be an object' })
  .meta({ examples: [{ orderId: '3f1c2a4e-8b7d-4c1a-9e2f-5a6b7c8d9e0f', station: 'kitchen' }] });
export type ReprintBody = z.infer<typeof reprintBodySchema>;

/** GET /api/order/ticket: the printable page of one station's ticket. */
export const ticketQuerySchema = z.object({
  orderId,
  station,
  width: z.enum(['80', '58'], { error: 'must be 80 or 58' }).optional(),
});

export const orderTicketSchema = z.object({
  station: z.string(),
  stationName: z.string(),
  round: z.number().int(),
  status: z.enum(TICKET_STATUSES),
  attempts: z.number().int(),
  networked: z.boolean(),
  printedAt: z.string().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
}) satisfies z.ZodType<OrderTicket>;

/** The answer of POST /api/order/reprint. */
export const reprintAnswerSchema = z.object({ tickets: z.array(orderTicketSchema) });

/** GET /api/venue/tickets: the venue's tickets of open orders, for the board. */
export const venueTicketsQuerySchema = z.object({ venueId: idSchema('venue') });
export const venueTicketsSchema = z.object({
  /** By order id. */
  tickets: z.record(z.string(), z.array(orderTicketSchema)),
});
export type VenueTickets = z.infer<typeof venueTicketsSchema>;
