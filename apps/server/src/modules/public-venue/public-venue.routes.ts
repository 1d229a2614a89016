import { VENUE_URL_PATTERN } from '@carte/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { etagMatches, pickEncoding } from '../../http/conditional.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { courierConfigured } from './delivery-offer.ts';
import { createPublicVenueService } from './public-venue.service.ts';

/** Browsers revalidate every time (a 304 is cheap), so a menu change shows on the next load. */
const CACHE_CONTROL = 'public, max-age=0, must-revalidate';

const querySchema = z.object({
  venue: z.string({ error: 'must be a single venue url' }).max(200, { error: 'is too long' }).optional(),
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
      schema: { querystring: querySchema },
      // The body is compressed once per menu version, not per request; the limit protects
      // expensive endpoints and this one is served from memory.
      compress: false,
      decompress: false,
      config: { rateLimit: false },
    },
    async (request, reply) => {
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
