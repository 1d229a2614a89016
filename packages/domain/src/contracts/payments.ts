import { z } from '../zod.ts';
import { failEnvelopeSchema, idSchema } from './common.ts';

/**
 * Card payment (architecture 4.9): the guest's create-intent and confirm-payment, the staff refund,
 * and Stripe's signed webhook. A missing order id answers the specification's messages ('Error
 * creating order', 'Insufficient data to confirm payment'), so those ids are optional here and
 * checked by the service.
 */

const idText = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .max(200, { error: 'is too long' })
    .optional();

/** POST /api/order/create-intent: the tip as an amount (decimal) or a percentage of the total, not both. */
export const createIntentBodySchema = z
  .strictObject(
    {
      orderId: idText('orderId'),
      tip: z.number({ error: 'must be a number' }).min(0, { error: 'must not be negative' }).optional(),
      tipPercent: z.number({ error: 'must be a number' }).min(0).max(100).optional(),
    },
    { error: 'must be an object' },
  )
  .default({})
  .meta({ examples: [{ orderId: '6f1c1a52-5d0e-4a39-9b43-0d6c7a0b5a11', tipPercent: 10 }] });
export type CreateIntentBody = z.input<typeof createIntentBodySchema>;

export const paymentIntentAnswerSchema = z.object({
  clientSecret: z.string(),
  publishableKey: z.string(),
  /** Total plus tip, as a decimal: what the guest is charged. */
  amount: z.number(),
  tip: z.number(),
  paymentId: z.string(),
  currency: z.string(),
  /** Where to load Stripe.js from (the server's STRIPE_JS_URL). */
  scriptUrl: z.string(),
});
export type PaymentIntentAnswer = z.infer<typeof paymentIntentAnswerSchema>;

/** POST /api/order/confirm-payment: the browser says the guest paid; the server asks Stripe. */
export const confirmPaymentBodySchema = z
  .strictObject({ paymentId: idText('paymentId'), orderId: idText('orderId') }, { error: 'must be an object' })
  .default({})
  .meta({ examples: [{ orderId: '6f1c1a52-5d0e-4a39-9b43-0d6c7a0b5a11', paymentId: 'pi_3PqXyZ2eZvKYlo2C1a2b3c4d' }] });
export type ConfirmPaymentBody = z.input<typeof confirmPaymentBodySchema>;

export const confirmPaymentAnswerSchema = z.object({ paymentStatus: z.literal('paid') });
export type ConfirmPaymentAnswer = z.infer<typeof confirmPaymentAnswerSchema>;

/**
 * Stripe does not show the intent paid for this order and amount: `{success: false, error:
 * 'Impossible to confirm payment', code: 'PAYMENT_NOT_CONFIRMED'}` with HTTP 200 (architecture 4.9).
 */
export const paymentNotConfirmedSchema = failEnvelopeSchema(['PAYMENT_NOT_CONFIRMED']);

/** POST /api/order/refund (owners and managers of the order's venue): a cancelled, paid order. */
export const refundBodySchema = z
  .strictObject({ orderId: idSchema('order') }, { error: 'must be an object' })
  .meta({ examples: [{ orderId: '6f1c1a52-5d0e-4a39-9b43-0d6c7a0b5a11' }] });
export type RefundBody = z.infer<typeof refundBodySchema>;

export const refundAnswerSchema = z.object({ paymentStatus: z.literal('refunded') });

/**
 * POST /api/stripe/webhook: a Stripe event, read as the raw bytes its `Stripe-Signature` header signs
 * (so not validated as JSON before the signature is checked).
 */
export const stripeWebhookBodySchema = z.unknown().meta({
  description: 'A Stripe event (JSON), signed in the Stripe-Signature header.',
  examples: [
    { id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1', object: 'payment_intent' } } },
  ],
});

/** The webhook's answer: the event was received; `applied` when it changed a payment. */
export const webhookAnswerSchema = z.object({ received: z.literal(true), applied: z.boolean() });
