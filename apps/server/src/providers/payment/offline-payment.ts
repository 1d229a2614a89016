import type { PaymentProvider } from './payment-provider.ts';

const off = () => Promise.reject(new Error('card payment is not configured'));

/**
 * The offline default: no card payment. The public venue says `cardPayment: false`, the guest
 * pays at the venue, and every payment call is refused before it gets here.
 */
export function createOfflinePaymentProvider(scriptUrl = 'https://js.stripe.com/v3/'): PaymentProvider {
  return {
    name: 'offline',
    enabled: false,
    publishableKey: null,
    scriptUrl,
    createIntent: off,
    retrieveIntent: off,
    cancelIntent: off,
    refund: off,
    parseWebhook() {
      throw new Error('card payment is not configured');
    },
  };
}
