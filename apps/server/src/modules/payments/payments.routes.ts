import {
  confirmPaymentAnswerSchema,
  confirmPaymentBodySchema,
  createIntentBodySchema,
  paymentIntentAnswerSchema,
  refundAnswerSchema,
  refundBodySchema,
  stripeWebhookBodySchema,
} from '@carte/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { contract, rawContract } from '../../http/contract.ts';
import { authenticated, requireUser, requireVenueRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { WebhookSignatureError } from '../../providers/payment/payment-provider.ts';
import { createPaymentsService } from './payments.service.ts';

const createIntent = contract({
  summary: "Start paying an order by card (guest): a Stripe payment intent for the server's total plus the tip",
  tag: 'payments',
  auth: 'public',
  body: createIntentBodySchema,
  data: paymentIntentAnswerSchema,
  errors: ['PAYMENT_ORDER_MISSING', 'CARD_PAYMENT_UNAVAILABLE', 'ORDER_ALREADY_PAID', 'INVALID_TIP', 'PAYMENT_FAILED'],
});
const confirmPayment = contract({
  summary: 'Confirm a card payment (guest): the server asks Stripe whether the intent succeeded for this order',
  description:
    "When Stripe does not show the intent paid for this order and amount, the answer is HTTP 200 with " +
    "`{success: false, error: 'Impossible to confirm payment', code: 'PAYMENT_NOT_CONFIRMED'}`.",
  tag: 'payments',
  auth: 'public',
  body: confirmPaymentBodySchema,
  data: confirmPaymentAnswerSchema,
  okFailures: ['PAYMENT_NOT_CONFIRMED'],
  errors: ['PAYMENT_DATA_MISSING'],
});
const refund = contract({
  summary: 'Refund a cancelled, paid order through the payment provider (owners and managers)',
  tag: 'payments',
  auth: 'staff',
  body: refundBodySchema,
  data: refundAnswerSchema,
  errors: ['REFUND_NOT_ALLOWED', 'PAYMENT_FAILED'],
});
const stripeWebhook = rawContract({
  summary: "Stripe's signed events: the source of truth of card payments",
  description:
    'Read as raw bytes and checked against the `Stripe-Signature` header before anything else; each event is applied ' +
    'once. A 404 when card payment is not configured on the server.',
  tag: 'payments',
  auth: 'public',
  body: stripeWebhookBodySchema,
  produces: { 'application/json': '{success: true, data: {received: true, applied}}' },
  errors: ['WEBHOOK_SIGNATURE_INVALID', 'NOT_FOUND'],
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
    { schema: createIntent, config: { rateLimit: intentRateLimit } },
    async (request, reply) => {
      const answer = await service.createIntent(request.body);
      reply.header('cache-control', 'no-store');
      return ok(answer);
    },
  );

  app.post('/order/confirm-payment', { schema: confirmPayment }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await service.confirmPayment(request.body));
  });

  app.post('/order/refund', { preValidation: authenticated, schema: refund }, async (request) => {
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
    raw.post('/stripe/webhook', { schema: stripeWebhook, config: { rateLimit: false } }, async (request) => {
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
