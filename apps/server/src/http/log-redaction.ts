/**
 * Keeps personal data out of the logs. Three layers, all installed by logOptions():
 * - `scrubLogObject` (pino formatters.log) walks every object logged, at any depth, and replaces
 *   the value of every sensitive key (names, emails, phones, addresses, notes, tokens, passwords,
 *   cookies, authorization, request bodies, SQL parameters) by `[Redacted]`; errors found on the
 *   way are serialised by `serializeError`.
 * - `serializeError` (pino serializers.err) keeps an allow-list of an error's fields (type,
 *   message, stack, code, PostgreSQL's severity/routine/constraint...) and its cause chain; the
 *   driver's `params`, `parameters`, `detail`, `query`, `where` never pass, and the values a
 *   message quotes (drizzle's "params: ..." line, PostgreSQL's `...: "value"`) are cut.
 * - pino `redact` paths for the well-known places (headers), in case a log call names them.
 */

export const REDACTED = '[Redacted]';

/** Keys whose values are never logged, compared lower-cased without `_` and `-`. */
const SENSITIVE_KEYS = new Set([
  'name',
  'fullname',
  'firstname',
  'lastname',
  'email',
  'phone',
  'address',
  'fulladdress',
  'deliveryaddress',
  'deliveryinfo',
  'notes',
  'note',
  'password',
  'passwordhash',
  'newpassword',
  'token',
  'accesstoken',
  'refreshtoken',
  'sessiontoken',
  'membertoken',
  'xtablemember',
  'member',
  'session',
  'secret',
  'apikey',
  'cookie',
  'cookies',
  'setcookie',
  'authorization',
  'proxyauthorization',
  'idempotencykey',
  'params',
  'parameters',
  'values',
  'body',
  'payload',
  'query',
  'querystring',
]);

const normaliseKey = (key: string) => key.toLowerCase().replace(/[-_]/g, '');
export const isSensitiveKey = (key: string): boolean => SENSITIVE_KEYS.has(normaliseKey(key));

/** pino redact paths: the headers a log call could name directly. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'req.headers["x-table-member"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'body',
  'req.body',
];

/** Error fields that carry no value of the request: kept as they are. */
const ERROR_FIELDS = [
  'code',
  'errno',
  'syscall',
  'statusCode',
  'status',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'constraint',
  'dataType',
  'position',
] as const;

/**
 * Cuts what a message quotes from the request: drizzle's `Failed query: <sql>\nparams: <values>`
 * keeps only its first line's statement kind, PostgreSQL's `invalid input syntax for type uuid: "x"`
 * loses the quoted value.
 */
export function scrubMessage(message: string): string {
  let m = message;
  const failed = /^Failed query: ([\s\S]*?)\nparams: [\s\S]*$/.exec(m);
  if (failed) m = `Failed query: ${failed[1]!.trim().split(/\s+/).slice(0, 3).join(' ')} ...`;
  m = m.replace(/(: )"[\s\S]*"\s*$/, `$1${REDACTED}`);
  m = m.replace(/\(([^()]*)\)=\([\s\S]*?\)/g, `($1)=(${REDACTED})`);
  return m;
}

interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  cause?: SerializedError | unknown;
  errors?: unknown[];
  [field: string]: unknown;
}

/** An error as a log line may show it: allow-listed fields, scrubbed message and stack, its causes. */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const message = scrubMessage(String(error.message ?? ''));
  const out: SerializedError = { type: error.constructor?.name || error.name || 'Error', message };
  if (typeof error.stack === 'string') {
    const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line));
    out.stack = [`${error.name}: ${message}`, ...frames].join('\n');
  }
  const record = error as unknown as Record<string, unknown>;
  for (const field of ERROR_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (depth < 5) {
    if (error.cause !== undefined) {
      out.cause = error.cause instanceof Error ? serializeError(error.cause, depth + 1) : REDACTED;
    }
    if (error instanceof AggregateError && Array.isArray(error.errors)) {
      out.errors = error.errors.slice(0, 5).map((e) => (e instanceof Error ? serializeError(e, depth + 1) : REDACTED));
    }
  }
  return out;
}

/** A URL as logged: its path, and its query's names with the values cut (`?orderId=[Redacted]`). */
export function scrubUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? pair : `${pair.slice(0, eq)}=${REDACTED}`;
    });
  return `${url.slice(0, at)}?${names.join('&')}`;
}

function scrub(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (value instanceof Error) return serializeError(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value) || depth > 8) return '[…]';
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1, seen));
  const proto = Object.getPrototypeOf(value) as object | null;
  if (proto !== Object.prototype && proto !== null) return value; // a class instance: its serializer decides
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (isSensitiveKey(key)) out[key] = v === undefined || v === null ? v : REDACTED;
    else if (key === 'url' && typeof v === 'string') out[key] = scrubUrl(v);
    else out[key] = scrub(v, depth + 1, seen);
  }
  return out;
}

/** pino formatters.log: the object of one log call, with every sensitive value replaced. */
export function scrubLogObject(object: Record<string, unknown>): Record<string, unknown> {
  return scrub(object, 0, new WeakSet()) as Record<string, unknown>;
}

type LoggedError = { type: string; message: string; stack: string; [field: string]: unknown };
/** serializeError in the shape pino's `err` serializer is declared with. */
const errSerializer = (error: Error) => serializeError(error) as LoggedError;

/** The logger options every Carte logger gets on top of its level and destination. */
export function logOptions() {
  return {
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { err: errSerializer, error: errSerializer },
    formatters: { log: scrubLogObject },
  };
}
