import Stripe from 'stripe';
import {
  WebhookSignatureError,
  type CreatedIntent,
  type PaymentIntentView,
  type PaymentProvider,
  type PaymentWebhookEvent,
} from './payment-provider.ts';

/**
 * The Stripe API version, pinned (architecture.md: the `basil` series). It is the version this
 * SDK release was generated for, so the SDK's types describe exactly what the API answers.
 */
export const STRIPE_API_VERSION = '2025-08-27.basil' as const;

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  /** Another origin for the API (tests run a fake Stripe there); Stripe's own when unset. */
  apiBase?: string;
  scriptUrl: string;
  timeoutMs?: number;
}

function view(intent: Stripe.PaymentIntent): PaymentIntentView {
  return {
    id: intent.id,
    amountMinor: intent.amount,
    currency: intent.currency,
    status: intent.status,
    orderId: typeof intent.metadata?.orderId === 'string' ? intent.metadata.orderId : null,
  };
}

/** Which payment status a Stripe event moves to (the events our webhook endpoint subscribes to). */
function statusOf(type: string): PaymentWebhookEvent['paymentStatus'] {
  if (type === 'payment_intent.succeeded') return 'paid';
  if (type === 'payment_intent.payment_failed') return 'failed';
  if (type === 'charge.refunded') return 'refunded';
  return null;
}

export function createStripePaymentProvider(config: StripeConfig): PaymentProvider {
  const base = config.apiBase ? new URL(config.apiBase) : null;
  const stripe = new Stripe(config.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    // One retry with the same idempotency key: safe, and a blip of the network does not fail a guest.
    maxNetworkRetries: 1,
    timeout: config.timeoutMs ?? 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
    appInfo: { name: 'Carte' },
  });

  return {
    name: 'stripe',
    enabled: true,
    publishableKey: config.publishableKey,
    scriptUrl: config.scriptUrl,

    async createIntent(input): Promise<CreatedIntent> {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amountMinor,
          currency: input.currency.toLowerCase(),
          automatic_payment_methods: { enabled: true },
          metadata: { orderId: input.orderId, venueId: input.venueId, tipMinor: String(input.tipMinor) },
          ...(input.description ? { description: input.description } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!intent.client_secret) throw new Error(`payment intent ${intent.id} has no client secret`);
      return { ...view(intent), clientSecret: intent.client_secret };
    },

    async retrieveIntent(intentId) {
      try {
        return view(await stripe.paymentIntents.retrieve(intentId));
      } catch (e) {
        if (e instanceof Stripe.errors.StripeInvalidRequestError && e.statusCode === 404) return null;
        throw e;
      }
    },

    async cancelIntent(intentId) {
      await stripe.paymentIntents.cancel(intentId);
    },

    async refund(input) {
      const refund = await stripe.refunds.create(
        { payment_intent: input.intentId },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: refund.id, status: refund.status ?? 'pending' };
    },

    parseWebhook(rawBody, signature): PaymentWebhookEvent {
      if (!config.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set');
      if (!signature) throw new WebhookSignatureError('no Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch (e) {
        throw new WebhookSignatureError(e instanceof Error ? e.message : String(e));
      }
      const object = event.data.object as {
        object?: string;
        id?: string;
        payment_intent?: unknown;
        amount?: unknown;
        currency?: unknown;
      };
      let intentId: string | null = null;
      let amountMinor: number | null = null;
      let currency: string | null = null;
      if (object.object === 'payment_intent' && typeof object.id === 'string') {
        intentId = object.id;
        amountMinor = typeof object.amount === 'number' && Number.isSafeInteger(object.amount) ? object.amount : null;
        currency = typeof object.currency === 'string' ? object.currency.toLowerCase() : null;
      }
      else if (object.object === 'charge') {
        const pi = object.payment_intent;
        intentId = typeof pi === 'string' ? pi : pi && typeof pi === 'object' && 'id' in pi ? String(pi.id) : null;
      }
      return { id: event.id, type: event.type, intentId, paymentStatus: statusOf(event.type), amountMinor, currency };
    },
  };
}
