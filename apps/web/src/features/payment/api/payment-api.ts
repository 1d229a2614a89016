import type {
  ConfirmPaymentAnswer,
  ConfirmPaymentBody,
  CreateIntentBody,
  PaymentIntentAnswer,
} from '@carte/domain/contracts/payments';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/order/create-intent's answer (architecture.md 4.9), from the domain's contract. */
export type { PaymentIntentAnswer };

/** The tip as a percentage of the total, or as an amount the guest typed (decimal). */
export type TipRequest = { tipPercent: number } | { tip: number };

export function createPaymentIntent(orderId: string, tip: TipRequest): Promise<PaymentIntentAnswer> {
  const body: CreateIntentBody = { orderId, ...tip };
  return apiRequest<PaymentIntentAnswer>('/api/order/create-intent', { method: 'POST', body });
}

/** Asks the server to check the intent with Stripe; rejects with PAYMENT_NOT_CONFIRMED when it did not succeed. */
export function confirmPayment(orderId: string, paymentId: string): Promise<ConfirmPaymentAnswer> {
  const body: ConfirmPaymentBody = { orderId, paymentId };
  return apiRequest<ConfirmPaymentAnswer>('/api/order/confirm-payment', { method: 'POST', body });
}
