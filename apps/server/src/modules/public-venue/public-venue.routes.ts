import { publicVenueQuerySchema, publicVenueResponseSchema, VENUE_URL_PATTERN } from '@carte/domain';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { contract } from '../../http/contract.ts';
import { etagMatches, pickEncoding } from '../../http/conditional.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { courierConfigured } from './delivery-offer.ts';
import { createPublicVenueService } from './public-venue.service.ts';

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
};
