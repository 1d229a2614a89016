import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { authenticated, requireUser, requireVenueRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { WebhookSignatureError } from '../../providers/payment/payment-provider.ts';
import { createPaymentsService } from './payments.service.ts';

const idText = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .max(200, { error: 'is too long' })
    .optional();

const createIntentBody = z
  .object({
    orderId: idText('orderId'),
    tip: z.number({ error: 'must be a number' }).min(0, { error: 'must not be negative' }).optional(),
    tipPercent: z.number({ error: 'must be a number' }).min(0).max(100).optional(),
  })
  .loose()
  .default({});

const confirmBody = z
  .object({ paymentId: idText('paymentId'), orderId: idText('orderId') })
  .loose()
  .default({});

const refundBody = z.object({
  orderId: z.uuid({ error: 'must be an order id' }),
});

/** Stripe's webhook posts are small; a bigger body is not from Stripe. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * Card payment (architecture.md 4.9): create-intent and confirm-payment for guests, the signed
 * Stripe webhook, and the staff refund. confirm-payment answers `{success: false, error:
 * 'Impossible to confirm payment'}` with HTTP 200 when Stripe's intent does not show this order
 * paid for this amount, and the 400 envelope 'Insufficient data to confirm payment' when the
 * payment id or the order id is missing.
 */
export const paymentsRoutes: FastifyPluginAsync<ModuleDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createPaymentsService({
    db: deps.database.db,
    payments: deps.payments,
    events: deps.events,
    log: fastify.log,
    metrics: deps.metrics,
  });

  // Each call may ask Stripe for an intent: limited per client address like placing orders.
  const intentRateLimit = { max: deps.env.ORDER_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };

  app.post(
    '/order/create-intent',
    { schema: { body: createIntentBody }, config: { rateLimit: intentRateLimit } },
    async (request, reply) => {
      const answer = await service.createIntent(request.body);
      reply.header('cache-control', 'no-store');
      return ok(answer);
    },
  );

  app.post('/order/confirm-payment', { schema: { body: confirmBody } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await service.confirmPayment(request.body));
  });

  app.post('/order/refund', { preValidation: authenticated, schema: { body: refundBody } }, async (request) => {
    const user = requireUser(request);
    const venueId = await service.venueOfOrder(request.body.orderId);
    // An unknown order answers as another venue's would: ids cannot be probed.
    if (!venueId) throw new AppError('FORBIDDEN', { logMessage: `no order ${request.body.orderId}` });
    await requireVenueRole(request, venueId, ['owner', 'manager']);
    return ok(await service.refund(request.body.orderId, user.id));
  });

  // The webhook reads the raw bytes: Stripe signs them, not a re-serialised JSON.
  await fastify.register(async (raw) => {
    raw.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    raw.post('/stripe/webhook', { config: { rateLimit: false } }, async (request) => {
      if (!deps.payments.enabled) throw new AppError('NOT_FOUND', { logMessage: 'card payment is off' });
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        event = deps.payments.parseWebhook(body, typeof signature === 'string' ? signature : undefined);
      } catch (e) {
        if (e instanceof WebhookSignatureError) {
          throw new AppError('WEBHOOK_SIGNATURE_INVALID', { logMessage: e.message });
        }
        throw e;
      }
      const { applied } = await service.handleWebhook(event);
      return ok({ received: true, applied });
    });
  });
};
