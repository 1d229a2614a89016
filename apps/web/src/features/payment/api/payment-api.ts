import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/order/create-intent's answer (architecture.md 4.9). */
export interface PaymentIntentAnswer {
  clientSecret: string;
  publishableKey: string;
  /** Total plus tip, as a decimal: what the guest is charged. */
  amount: number;
  tip: number;
  paymentId: string;
  currency: string;
  /** Where to load Stripe.js from (the server's STRIPE_JS_URL). */
  scriptUrl: string;
}

/** The tip as a percentage of the total, or as an amount the guest typed (decimal). */
export type TipRequest = { tipPercent: number } | { tip: number };

export function createPaymentIntent(orderId: string, tip: TipRequest): Promise<PaymentIntentAnswer> {
  return apiRequest<PaymentIntentAnswer>('/api/order/create-intent', { method: 'POST', body: { orderId, ...tip } });
}

/** Asks the server to check the intent with Stripe; rejects with PAYMENT_NOT_CONFIRMED when it did not succeed. */
export function confirmPayment(orderId: string, paymentId: string): Promise<{ paymentStatus: 'paid' }> {
  return apiRequest<{ paymentStatus: 'paid' }>('/api/order/confirm-payment', {
    method: 'POST',
    body: { orderId, paymentId },
  });
}
