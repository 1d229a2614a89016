import {
  addressQuerySchema,
  addressSuggestionsSchema,
  deliveryQuoteBodySchema,
  deliveryQuoteRefusal,
  publicDeliveryQuoteSchema,
} from '@carte/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contract } from '../../http/contract.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';
import type { DeliveryProvider } from '../../providers/delivery/index.ts';
import type { GeocoderProvider } from '../../providers/geocoder/index.ts';
import { createDeliveryService } from './delivery.service.ts';

const quote = contract({
  summary: "Quote the delivery fee to an address (guest): the fee an order may then carry, for a limited time",
  tag: 'delivery',
  auth: 'public',
  body: deliveryQuoteBodySchema,
  refusal: deliveryQuoteRefusal,
  data: publicDeliveryQuoteSchema,
  errors: [
    'INVALID_ADDRESS',
    'INVALID_VENUE_URL',
    'VENUE_NOT_FOUND',
    'DELIVERY_NOT_AVAILABLE',
    'PROVIDER_FAILED',
    'DELIVERY_COST_FAILED',
    'INVALID_DELIVERY_COST',
  ],
});
const address = contract({
  summary: 'Suggest addresses for what the guest typed (3 characters or more)',
  tag: 'delivery',
  auth: 'public',
  querystring: addressQuerySchema,
  data: addressSuggestionsSchema,
  errors: ['INVALID_LANGUAGE', 'PROVIDER_FAILED'],
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

    app.post('/delivery-quote', { schema: quote, config: { rateLimit: quoteRateLimit } }, async (request, reply) => {
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
      { schema: address, config: { rateLimit: addressRateLimit } },
      async (request, reply) => {
        const suggestions = await service.suggestAddresses(request.query.q, request.query.language);
        reply.header('cache-control', 'no-store');
        return ok(suggestions);
      },
    );
  };
}

export const deliveryRoutes: FastifyPluginAsync<ModuleDeps> = createDeliveryRoutes();
