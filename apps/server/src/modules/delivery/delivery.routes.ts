import { ADDRESS_MAX_LENGTH, charLength } from '@carte/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';
import type { DeliveryProvider } from '../../providers/delivery/index.ts';
import type { GeocoderProvider } from '../../providers/geocoder/index.ts';
import { createDeliveryService } from './delivery.service.ts';

const addressQuery = z.object({
  q: z
    .string({ error: 'must be a single text' })
    .refine((q) => charLength(q) <= ADDRESS_MAX_LENGTH, { error: 'is too long' })
    .optional(),
  language: z.string({ error: 'must be a single language' }).max(20, { error: 'is too long' }).optional(),
});

export interface DeliveryRoutesOptions {
  delivery?: DeliveryProvider;
  geocoder?: GeocoderProvider;
  now?: () => number;
}

/**
 * POST /api/delivery-quote and GET /api/address. Providers come from the composition root
 * (buildApp: ModuleDeps.delivery and .geocoder) unless given here (tests pass misbehaving ones).
 */
export function createDeliveryRoutes(options: DeliveryRoutesOptions = {}): FastifyPluginAsync<ModuleDeps> {
  return async (fastify, deps) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const service = createDeliveryService({
      db: deps.database.db,
      delivery: options.delivery ?? deps.delivery,
      geocoder: options.geocoder ?? deps.geocoder,
      ...(options.now ? { now: options.now } : {}),
    });

    // Each quote may call the courier's API: per client address, beside the global /api limit.
    const quoteRateLimit = { max: deps.env.QUOTE_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };

    app.post('/delivery-quote', { config: { rateLimit: quoteRateLimit } }, async (request, reply) => {
      const quote = await service.quoteDelivery(request.body);
      reply.header('cache-control', 'no-store');
      return ok(quote);
    });

    // Each search may call the geocoder (a public one has a usage policy): per client address,
    // never looser than the limit on the rest of /api (a route's limit replaces the global one).
    const addressRateLimit = {
      max: Math.min(deps.env.GEOCODER_RATE_LIMIT_PER_MINUTE, deps.env.API_RATE_LIMIT_PER_MINUTE),
      timeWindow: '1 minute',
    };

    app.get(
      '/address',
      { schema: { querystring: addressQuery }, config: { rateLimit: addressRateLimit } },
      async (request, reply) => {
        const suggestions = await service.suggestAddresses(request.query.q, request.query.language);
        reply.header('cache-control', 'no-store');
        return ok(suggestions);
      },
    );
  };
}

export const deliveryRoutes: FastifyPluginAsync<ModuleDeps> = createDeliveryRoutes();
