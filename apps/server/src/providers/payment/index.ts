import type { Env } from '../../env.ts';
import { createOfflinePaymentProvider } from './offline-payment.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createStripePaymentProvider } from './stripe-payment.ts';

export * from './payment-provider.ts';
export { createOfflinePaymentProvider } from './offline-payment.ts';
export { createStripePaymentProvider, STRIPE_API_VERSION } from './stripe-payment.ts';

/** Stripe when both keys are configured (the browser needs the publishable one); otherwise none. */
export function paymentProviderFromEnv(
  env: Pick<
    Env,
    'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE' | 'STRIPE_JS_URL'
  >,
): PaymentProvider {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_PUBLISHABLE_KEY) return createOfflinePaymentProvider(env.STRIPE_JS_URL);
  return createStripePaymentProvider({
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    apiBase: env.STRIPE_API_BASE,
    scriptUrl: env.STRIPE_JS_URL,
  });
}
