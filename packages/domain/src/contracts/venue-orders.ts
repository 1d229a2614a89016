import { z } from '../zod.ts';
import { idSchema } from './common.ts';
import { publicOrderSchema } from './orders.ts';

/**
 * Orders for the venue (architecture 4.8): the board's list, GET /api/venue/orders, and its live
 * stream, GET /api/venue/orders/stream (server-sent events `order.created`, `order.updated`).
 */

export const VENUE_ORDERS_LIMIT = 200;

const cursorText = z.string({ error: 'must be a cursor from an earlier answer' }).max(40, { error: 'is too long' });
const limitMessage = `must be a whole number from 1 to ${VENUE_ORDERS_LIMIT}`;

export const venueOrdersQuerySchema = z.strictObject({
  venueId: idSchema('venue'),
  /** A comma list of states, or `open` (every state still on the board). */
  status: z.string({ error: 'must be a list of states' }).max(200, { error: 'is too long' }).optional(),
  /** A cursor from an earlier answer or event: only what changed since. */
  since: cursorText.optional(),
  limit: z.coerce
    .number({ error: limitMessage })
    .int({ error: limitMessage })
    .min(1, { error: limitMessage })
    .max(VENUE_ORDERS_LIMIT, { error: limitMessage })
    .optional(),
});

/** The stream's query; a reconnecting EventSource's Last-Event-ID header wins over `since`. */
export const venueOrdersStreamQuerySchema = z.strictObject({
  venueId: idSchema('venue'),
  since: cursorText.optional(),
});

/** The board's page: the orders (GET /api/order's shape, staff view) and the cursor to catch up from. */
export const venueOrdersPageSchema = z.object({
  orders: z.array(publicOrderSchema),
  cursor: z.string().nullable(),
});
export type VenueOrdersPage = z.infer<typeof venueOrdersPageSchema>;
