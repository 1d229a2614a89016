import type { Stripe, StripeConstructor } from '@stripe/stripe-js';

/** The spec's payment script failures (section 8). */
export type PaymentScriptProblem = 'payment script failed to load' | 'not available';

export class PaymentScriptError extends Error {
  constructor(readonly problem: PaymentScriptProblem) {
    super(problem);
    this.name = 'PaymentScriptError';
  }
}

const scripts = new Map<string, Promise<StripeConstructor>>();

function injectScript(url: string): Promise<StripeConstructor> {
  return new Promise<StripeConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.addEventListener('load', () => {
      if (typeof window.Stripe === 'function') resolve(window.Stripe);
      else reject(new PaymentScriptError('not available'));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new PaymentScriptError('payment script failed to load'));
    });
    document.head.appendChild(script);
  });
}

/**
 * Stripe.js from the URL the server gives (STRIPE_JS_URL), injected once per URL, then
 * `window.Stripe(publishableKey)`. Ours rather than @stripe/stripe-js's loadStripe, which always
 * loads js.stripe.com: tests and the browser journeys serve a stand-in from elsewhere. A failed
 * load is forgotten, so "Try again" loads the script again.
 */
export function loadStripeFrom(url: string, publishableKey: string, locale?: string): Promise<Stripe> {
  let pending = scripts.get(url);
  if (!pending) {
    pending = injectScript(url);
    scripts.set(url, pending);
    pending.catch(() => scripts.delete(url));
  }
  return pending.then((StripeJs) => {
    const stripe = StripeJs(publishableKey, locale ? { locale: locale as never } : undefined);
    if (!stripe) throw new PaymentScriptError('not available');
    return stripe;
  });
}
