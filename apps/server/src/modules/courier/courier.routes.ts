import { uberWebhookBodySchema } from '@carte/domain';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/app-error.ts';
import { rawContract } from '../../http/contract.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { UBER_DIRECT_PROVIDER } from '../../providers/delivery/uber-direct.ts';
import { createCourierService } from './courier.service.ts';
import { UBER_SIGNATURE_HEADER } from './uber-webhook.ts';

/** Uber's webhook bodies are a delivery object and a little more: well under this. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const uberWebhook = rawContract({
  summary: "Uber Direct's signed delivery updates: the courier's state and the order's moves it causes",
  description:
    'Read as raw bytes and checked against the `x-uber-signature` header (HMAC-SHA256 of the body) before anything ' +
    'else. A 404 when no courier is configured on the server.',
  tag: 'courier',
  auth: 'public',
  body: uberWebhookBodySchema,
  produces: { 'application/json': '{success: true, data: {received: true, applied}}' },
  errors: ['WEBHOOK_SIGNATURE_INVALID', 'NOT_FOUND'],
});

/**
 * The courier (Uber Direct): books a delivery when an order is due (on the order events of every
 * process; the database decides which process calls Uber) and receives its status webhooks at
 * POST /api/uber/webhook. With the offline provider there is no courier: nothing subscribes and
 * the webhook is a 404.
 */
export const courierRoutes: FastifyPluginAsync<ModuleDeps> = async (fastify, deps) => {
  const courierOn = deps.delivery.name === UBER_DIRECT_PROVIDER;
  const service = createCourierService({
    db: deps.database.db,
    delivery: deps.delivery,
    events: deps.events,
    cardPayments: Boolean(deps.env.STRIPE_SECRET_KEY && deps.env.STRIPE_PUBLISHABLE_KEY),
    webhookSecret: deps.env.UBER_DIRECT_WEBHOOK_SECRET,
    log: fastify.log,
  });

  if (courierOn) {
    const catchUp = () => {
      service.dispatchDue().catch((e: unknown) => fastify.log.error({ err: e }, 'courier catch-up failed'));
    };
    const unsubscribe = deps.events.subscribe((event) => service.onOrderEvent(event), { onResync: catchUp });
    fastify.addHook('onReady', async () => catchUp());
    fastify.addHook('onClose', async () => unsubscribe());
  }

  // The signature covers the raw bytes, not a re-serialised JSON.
  await fastify.register(async (raw) => {
    raw.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    raw.post('/uber/webhook', { schema: uberWebhook, config: { rateLimit: false } }, async (request) => {
      if (!courierOn) throw new AppError('NOT_FOUND', { logMessage: 'Uber Direct is not configured' });
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return ok(await service.receiveWebhook(body, request.headers[UBER_SIGNATURE_HEADER]));
    });
  });
};
