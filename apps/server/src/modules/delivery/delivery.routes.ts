import { ADDRESS_MAX_LENGTH, charLength } from '@carte/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { deliveryProviderFromEnv, type DeliveryProvider } from '../../providers/delivery/index.ts';
import { geocoderFromEnv, type GeocoderProvider } from '../../providers/geocoder/index.ts';
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
 * POST /api/delivery-quote and GET /api/address. Providers come from the configuration unless given
 * (tests pass fakes).
 */
export function createDeliveryRoutes(options: DeliveryRoutesOptions = {}): FastifyPluginAsync<ModuleDeps> {
  return async (fastify, deps) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const service = createDeliveryService({
      db: deps.database.db,
      delivery: options.delivery ?? deliveryProviderFromEnv(deps.env),
      geocoder: options.geocoder ?? geocoderFromEnv(deps.env),
      ...(options.now ? { now: options.now } : {}),
    });

    // Each quote may call the courier's API: per client address, beside the global /api limit.
    const quoteRateLimit = { max: deps.env.QUOTE_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };

    app.post('/delivery-quote', { config: { rateLimit: quoteRateLimit } }, async (request, reply) => {
      const quote = await service.quoteDelivery(request.body);
      reply.header('cache-control', 'no-store');
      return ok(quote);
    });

    app.get('/address', { schema: { querystring: addressQuery } }, async (request, reply) => {
      const suggestions = await service.suggestAddresses(request.query.q, request.query.language);
      reply.header('cache-control', 'no-store');
      return ok(suggestions);
    });
  };
}

export const deliveryRoutes: FastifyPluginAsync<ModuleDeps> = createDeliveryRoutes();
