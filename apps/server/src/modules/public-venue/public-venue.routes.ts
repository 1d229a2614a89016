import {
  DEFAULT_SLOT_MINUTES,
  pickupSlotIsos,
  pickupSlotsQuerySchema,
  pickupSlotsSchema,
  publicVenueQuerySchema,
  publicVenueResponseSchema,
  VENUE_URL_PATTERN,
} from '@carte/domain';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { contract } from '../../http/contract.ts';
import { etagMatches, pickEncoding } from '../../http/conditional.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { courierConfigured } from './delivery-offer.ts';
import { createPublicVenueService } from './public-venue.service.ts';
import { ok } from '../../http/envelope.ts';
import { findVenueByUrl } from '../venues/venues.service.ts';

/** Browsers revalidate every time (a 304 is cheap), so a menu change shows on the next load. */
const CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** The body is built once per menu version and sent as bytes: the schema describes it, never re-serialises it. */
const getPublicVenue = contract({
  summary: 'The venue and its menu as the guest pages show them (cached: ETag, If-None-Match answers 304)',
  tag: 'public-venue',
  auth: 'public',
  querystring: publicVenueQuerySchema,
  data: publicVenueResponseSchema,
  errors: ['VENUE_MISSING', 'VENUE_NOT_FOUND'],
});

const getPickupSlots = contract({
  summary: 'The pickup times a guest may choose now (decision 032): the hours, the last-order margin and the prep time',
  description:
    'Slots on the venue\'s local clock (every `slotMinutes`), at least the prep time from now, for today and the next ' +
    'day with a service. Send one as `pickup.at` with `spot: "pickup"` to POST /api/order.',
  tag: 'public-venue',
  auth: 'public',
  querystring: pickupSlotsQuerySchema,
  data: pickupSlotsSchema,
  errors: ['VENUE_MISSING', 'VENUE_NOT_FOUND', 'PICKUP_NOT_AVAILABLE'],
});

/** GET /api/public/venue?venue=<venueUrl> (architecture.md 4.2). */
export const publicVenueRoutes: FastifyPluginAsync<ModuleDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createPublicVenueService(deps.database.db, {
    courier: courierConfigured(deps.env),
    cardPayment: deps.payments.enabled,
  });
  app.addHook('onClose', async () => service.dispose());

  app.get(
    '/public/venue',
    {
      schema: getPublicVenue,
      // The body is compressed once per menu version, not per request; the limit protects
      // expensive endpoints and this one is served from memory.
      compress: false,
      decompress: false,
      config: { rateLimit: false },
    },
    async (request, typedReply) => {
      // The envelope is already bytes (identity, gzip or br): sent as they are, never serialised again.
      const reply = typedReply as unknown as FastifyReply;
      const venueUrl = request.query.venue?.trim().toLowerCase();
      if (!venueUrl) throw new AppError('VENUE_MISSING');
      if (!VENUE_URL_PATTERN.test(venueUrl)) throw new AppError('VENUE_NOT_FOUND');
      const body = await service.get(venueUrl);
      reply.header('cache-control', CACHE_CONTROL).header('etag', body.etag).header('vary', 'accept-encoding');
      if (etagMatches(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
      reply.header('content-type', 'application/json; charset=utf-8');
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const encoded = encoding === 'br' ? body.br : encoding === 'gzip' ? body.gzip : null;
      if (encoding && encoded) {
        reply.header('content-encoding', encoding);
        return reply.send(encoded);
      }
      return reply.send(body.identity);
    },
  );

  // Slots move with the clock and the prep time: computed per request, never cached.
  app.get('/public/pickup-slots', { schema: getPickupSlots }, async (request, reply) => {
    const venueUrl = request.query.venue?.trim().toLowerCase();
    if (!venueUrl) throw new AppError('VENUE_MISSING');
    const venue = VENUE_URL_PATTERN.test(venueUrl) ? await findVenueByUrl(deps.database.db, venueUrl) : undefined;
    if (!venue) throw new AppError('VENUE_NOT_FOUND');
    if (!venue.pickup?.enabled) throw new AppError('PICKUP_NOT_AVAILABLE');
    const slotMinutes = venue.pickup.slotMinutes ?? DEFAULT_SLOT_MINUTES;
    const slots = pickupSlotIsos(
      { schedule: venue.schedule ?? null, prepMinutes: venue.prepMinutes ?? null, slotMinutes },
      // The clock POST /api/order checks the chosen time with (the real one, as the public venue's).
      Date.now(),
    );
    reply.header('cache-control', 'no-store');
    return ok({ timezone: venue.schedule?.timezone ?? 'UTC', slotMinutes, slots });
  });
};
