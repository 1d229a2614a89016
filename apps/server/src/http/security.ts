import type { Env } from '../env.ts';

/**
 * Security headers, computed once. They are helmet's defaults (the same names and values
 * @fastify/helmet sends) with our CSP; set from a precomputed object because helmet re-parses
 * the CSP on every request, which cost about a tenth of the public menu's throughput.
 *
 * The CSP allows no inline script. Inline styles are allowed because parts of the decided web
 * stack inject style elements at run time (sonner's toaster stylesheet, Stripe's Payment
 * Element); scripts stay 'self' only. Stripe's hosts are added only when card payment is
 * configured.
 */
type CspEnv = Pick<Env, 'PUBLIC_URL' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'> &
  Partial<Pick<Env, 'STRIPE_JS_URL'>>;

/**
 * The origins card payment needs, or null when it is off (both keys are needed for it to be on):
 * Stripe.js is loaded from STRIPE_JS_URL's origin and draws its frames from there; it talks to the
 * API at STRIPE_API_BASE (Stripe's own when unset), and 3-D Secure pages come from hooks.stripe.com.
 */
function stripeOrigins(env: CspEnv): { script: string[]; frame: string[]; connect: string[] } | null {
  if (!env.STRIPE_PUBLISHABLE_KEY || !env.STRIPE_SECRET_KEY) return null;
  const js = new URL(env.STRIPE_JS_URL ?? 'https://js.stripe.com/v3/').origin;
  const api = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE).origin : 'https://api.stripe.com';
  const frame = env.STRIPE_API_BASE ? [js] : [js, 'https://hooks.stripe.com'];
  return { script: [js], frame: [...new Set(frame)], connect: [...new Set([api, js])] };
}

export function contentSecurityPolicy(env: CspEnv): string {
  const https = env.PUBLIC_URL.startsWith('https:');
  const stripe = stripeOrigins(env);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['base-uri', ["'self'"]],
    ['script-src', ["'self'", ...(stripe?.script ?? [])]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...(stripe?.connect ?? [])]],
    ['frame-src', stripe ? stripe.frame : ["'none'"]],
    ['frame-ancestors', ["'self'"]],
    ['form-action', ["'self'"]],
    ['object-src', ["'none'"]],
    ['manifest-src', ["'self'"]],
    ['worker-src', ["'self'", 'blob:']],
  ];
  const policy = directives.map(([name, values]) => `${name} ${values.join(' ')}`);
  // Upgrading would break plain-http deployments on a LAN address.
  if (https) policy.push('upgrade-insecure-requests');
  return policy.join(';');
}

export function securityHeaders(env: CspEnv): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(env),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  if (env.PUBLIC_URL.startsWith('https:')) headers['strict-transport-security'] = 'max-age=15552000';
  return headers;
}

/**
 * The headers for JSON API responses (OWASP REST Security Cheat Sheet): they are never rendered
 * as documents, so the document-only headers are left out; the API CSP forbids everything.
 */
export function apiSecurityHeaders(env: Pick<Env, 'PUBLIC_URL'>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  if (env.PUBLIC_URL.startsWith('https:')) headers['strict-transport-security'] = 'max-age=15552000';
  return headers;
}

/**
 * The headers for the build's hashed scripts, styles and fonts and for menu photos: they are never
 * documents, so the document-only headers (CSP, frame options, opener policy...) do nothing there.
 * A guest page loads some forty of them; the document headers would add about 700 bytes to each.
 */
export function assetSecurityHeaders(env: Pick<Env, 'PUBLIC_URL'>): Record<string, string> {
  const headers: Record<string, string> = {
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
  };
  if (env.PUBLIC_URL.startsWith('https:')) headers['strict-transport-security'] = 'max-age=15552000';
  return headers;
}

/** A static file that no browser renders as a document (see assetSecurityHeaders). SVG is not one of them. */
const ASSET_PATH = /^\/(?:assets|media)\/[^?#]*\.(?:js|mjs|css|woff2?|webp|avif|jpe?g|png)(?:[?#]|$)/i;
export function isStaticAsset(url: string): boolean {
  return ASSET_PATH.test(url);
}
