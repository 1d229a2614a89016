import { z } from 'zod';

/**
 * The one reader of process.env. Every variable has a default that works offline.
 * loadEnv() stops with a list of every bad variable.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url({ error: 'must be a URL' }).optional())
  .optional();

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const perMinute = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(1_000_000_000, { error: 'must be at most 1000000000' })
    .default(fallback);

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  DEFAULT_VENUE: z.string().trim().min(1).default('trattoria-da-luca'),
  PUBLIC_URL: z.url({ error: 'must be a URL' }).default('http://localhost:3000'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Seed the demo venues and owner into an empty database on start. Unset: yes, unless PUBLIC_URL
   * is https (a public server gets no account with a published password unless asked for).
   */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .transform((v) => (v === '' ? undefined : v === 'true' || v === '1' || v === 'yes'))
    .optional(),
  /** Directory of the built web app (defaults to apps/web/dist). */
  WEB_DIST: optionalString,
  /** Secure cookies; defaults to true when PUBLIC_URL is https. */
  COOKIE_SECURE: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .transform((v) => (v === '' ? undefined : v === 'true' || v === '1' || v === 'yes'))
    .optional(),
  MAX_UPLOAD_MB: z.coerce.number().min(1).max(50).default(8),
  TRUST_PROXY: bool.default(false),
  /** Requests per client address and minute: all of /api, order placement, delivery quotes. */
  API_RATE_LIMIT_PER_MINUTE: perMinute(3000),
  ORDER_RATE_LIMIT_PER_MINUTE: perMinute(20),
  QUOTE_RATE_LIMIT_PER_MINUTE: perMinute(30),
  /** Calls from the table (waiter, bill) per client address and minute. */
  CALL_RATE_LIMIT_PER_MINUTE: perMinute(5),
  // Menu assistant (optional, OpenAI-compatible)
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000),
  // Payments (optional)
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Another origin for the Stripe API (tests and e2e point it at a fake Stripe); Stripe's own when unset. */
  STRIPE_API_BASE: optionalUrl,
  /** Where the browser loads Stripe.js from (the server tells the web app; the CSP allows its origin). */
  STRIPE_JS_URL: z.url({ error: 'must be a URL' }).default('https://js.stripe.com/v3/'),
  // Courier delivery (optional)
  UBER_DIRECT_CUSTOMER_ID: optionalString,
  UBER_DIRECT_CLIENT_ID: optionalString,
  UBER_DIRECT_CLIENT_SECRET: optionalString,
  UBER_DIRECT_BASE_URL: optionalUrl,
  /** OAuth server of Uber Direct (default https://auth.uber.com). */
  UBER_DIRECT_AUTH_URL: optionalUrl,
  /** Signing key of the Uber Direct webhook (x-uber-signature). */
  UBER_DIRECT_WEBHOOK_SECRET: optionalString,
  // Address suggestions (optional, Photon or Nominatim compatible)
  GEOCODER_URL: optionalUrl,
  /** photon | nominatim; unset: nominatim when the URL says so, else photon. */
  GEOCODER_KIND: z
    .enum(['photon', 'nominatim', ''], { error: 'must be photon or nominatim' })
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  GEOCODER_RATE_LIMIT_PER_MINUTE: perMinute(60),
  // Photos in S3-compatible storage (optional; architecture 4.14). Unset S3_BUCKET = local disk.
  /** Endpoint of MinIO, Cloudflare R2 or another S3-compatible server; unset = AWS S3 of S3_REGION. */
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalString,
  /** `auto` for Cloudflare R2; any value for MinIO. */
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** `bucket` in the path rather than the host name; unset: on when S3_ENDPOINT is set, off for AWS. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .transform((v) => (v === '' ? undefined : v === 'true' || v === '1' || v === 'yes'))
    .optional(),
  // E-mail (optional): receipts and staff invitations. Unset SMTP_URL = messages stay in the outbox.
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://...:465; unset = outbox only. */
  SMTP_URL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional())
    .optional(),
  /** The sender of every message, e.g. "Trattoria da Luca <orders@example.com>". */
  MAIL_FROM: z
    .string()
    .trim()
    .min(3, { error: 'must be an e-mail address, optionally with a name' })
    .default('Carte <no-reply@localhost>'),
  /** Bearer token of GET /metrics (Prometheus); unset = /metrics answers 404. */
  METRICS_TOKEN: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().min(16, { error: 'must be at least 16 characters' }).optional())
    .optional(),
});

/** Variables that only make sense together: checked after each one is valid on its own. */
function crossProblems(env: Env): string[] {
  const problems: string[] = [];
  const s3Extras = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const).filter(
    (k) => env[k] !== undefined,
  );
  if (!env.S3_BUCKET && s3Extras.length > 0) {
    problems.push(`S3_BUCKET: required when ${s3Extras.join(', ')} ${s3Extras.length === 1 ? 'is' : 'are'} set`);
  }
  if (env.S3_BUCKET) {
    for (const k of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!env[k]) problems.push(`${k}: required when S3_BUCKET is set`);
    }
  }
  return problems;
}

export type Env = z.infer<typeof envSchema> & {
  /**
   * False when PUBLIC_URL was not given and holds its default: links are then built from the
   * request's own origin and the back office warns. Undefined (an Env built by hand) counts as set.
   */
  publicUrlSet?: boolean;
};

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses a set of variables (process.env by default); throws EnvError listing every problem. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = source[key];
    if (value !== undefined) picked[key] = value;
  }
  const result = envSchema.safeParse(picked);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map(
        (i) => `${i.path.join('.') || '(env)'}: ${i.message} (got ${JSON.stringify(picked[String(i.path[0])] ?? '')})`,
      ),
    );
  }
  const problems = crossProblems(result.data);
  if (problems.length > 0) throw new EnvError(problems);
  return { ...result.data, publicUrlSet: picked.PUBLIC_URL !== undefined && picked.PUBLIC_URL.trim() !== '' };
}

/** For entry points: parse or print the list and exit. */
export function loadEnv(): Env {
  try {
    return parseEnv();
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}

/** Test-only access to a variable that is not part of the app's configuration. */
export function testVariable(
  name: 'TEST_DATABASE_URL' | 'E2E_REQUIRED' | 'CHROME_PATH' | 'E2E_CLOCK_OFFSET_HOURS' | 'CI_REQUIRE_HAPROXY',
): string | undefined {
  return process.env[name] || undefined;
}

/**
 * The directory a command was typed in: `npm run` starts scripts in the workspace root and keeps
 * the caller's directory in INIT_CWD, so CLI file arguments resolve from there.
 */
export function invocationDir(): string {
  return process.env.INIT_CWD || process.cwd();
}
