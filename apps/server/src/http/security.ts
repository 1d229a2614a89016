import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { Env } from '../env.ts';

/**
 * Security headers. The CSP allows no inline script. Inline styles are allowed because parts of
 * the decided web stack inject style elements at run time (sonner's toaster stylesheet, Stripe's
 * Payment Element); scripts stay 'self' only. Stripe's hosts are added only when card payment is
 * configured.
 */
export function helmetOptions(env: Pick<Env, 'PUBLIC_URL' | 'STRIPE_PUBLISHABLE_KEY'>): FastifyHelmetOptions {
  const https = env.PUBLIC_URL.startsWith('https:');
  const stripe = Boolean(env.STRIPE_PUBLISHABLE_KEY);
  const directives: Record<string, string[] | null> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
    'frame-src': stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    // Upgrading would break plain-http deployments on a LAN address.
    'upgrade-insecure-requests': https ? [] : null,
  };
  return {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives },
    // Product images are plain <img> loads from our origin; nothing needs cross-origin isolation.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    hsts: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}
