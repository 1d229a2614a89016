/**
 * Card payment behind a small interface (architecture.md section 5): Stripe when a secret key is
 * configured, otherwise the offline default, which takes no card payment (guests pay at the venue).
 * Amounts are integer minor units; currencies are lower-case ISO codes ('eur', 'thb').
 */

/** A payment intent as the provider reports it: the only word we trust about a payment. */
export interface PaymentIntentView {
  id: string;
  amountMinor: number;
  currency: string;
  /** The provider's status: 'succeeded', 'requires_payment_method', 'processing', 'canceled', ... */
  status: string;
  /** Our order id, as stored on the intent when it was created. */
  orderId: string | null;
}

export interface CreatedIntent extends PaymentIntentView {
  clientSecret: string;
}

/** A webhook event whose signature was checked, reduced to what changes a payment. */
export interface PaymentWebhookEvent {
  id: string;
  type: string;
  /** The payment intent the event is about, or null for events about something else. */
  intentId: string | null;
  /** The payment status the event moves the intent's payment to, or null when it moves nothing. */
  paymentStatus: 'paid' | 'failed' | 'refunded' | null;
  /** For an event about a payment intent: its amount in minor units and currency (lower case). */
  amountMinor?: number | null;
  currency?: string | null;
}

export class WebhookSignatureError extends Error {
  constructor(message = 'invalid webhook signature') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface PaymentProvider {
  /** 'stripe' or 'offline': the payments.provider column. */
  readonly name: string;
  /** True when guests can pay by card (a secret and a publishable key are configured). */
  readonly enabled: boolean;
  /** The key the browser uses with Stripe.js; null when card payment is off. */
  readonly publishableKey: string | null;
  /** Where the browser loads Stripe.js from. */
  readonly scriptUrl: string;
  createIntent(input: {
    orderId: string;
    venueId: string;
    amountMinor: number;
    tipMinor: number;
    currency: string;
    idempotencyKey: string;
    description?: string;
  }): Promise<CreatedIntent>;
  /** The intent from the provider; null when the provider does not know it. */
  retrieveIntent(intentId: string): Promise<PaymentIntentView | null>;
  /** Cancels an intent that was not paid (a newer one replaced it); best effort. */
  cancelIntent(intentId: string): Promise<void>;
  /** Refunds the whole amount of a succeeded intent. */
  refund(input: { intentId: string; idempotencyKey: string }): Promise<{ id: string; status: string }>;
  /** Checks the signature of a webhook body and reads it; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentWebhookEvent;
}
