import {
  ERRORS,
  FIELD_PROBLEM_CODES,
  formatPath,
  isDomainError,
  type FieldIssue,
  type FieldProblemCode,
} from '@carte/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { StorageUnavailableError } from '../providers/storage/storage.ts';
import { AppError } from './app-error.ts';
import { fail, type FailEnvelope } from './envelope.ts';
import { fieldIssuesOf } from './validation.ts';
import type { Refusal } from './contract.ts';
import { scrubMessage } from './log-redaction.ts';

interface Mapped {
  status: number;
  body: FailEnvelope;
}

/** `/items/0/quantity` -> `items[0].quantity` (the paths the import CLI prints). */
export function instancePathToField(instancePath: string): string {
  const segments = instancePath
    .split('/')
    .filter(Boolean)
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s.replaceAll('~1', '/').replaceAll('~0', '~')));
  return formatPath(segments);
}

function validationIssues(error: FastifyError): FieldIssue[] {
  const ours = fieldIssuesOf(error.validation);
  if (ours) return ours;
  // A JSON Schema (ajv) validation: a route without a zod schema.
  return (error.validation ?? []).map((v): FieldIssue => {
    let path = instancePathToField(v.instancePath);
    // A missing property is reported on its parent: name the property itself.
    const missing = (v.params as { missingProperty?: unknown } | undefined)?.missingProperty;
    if (typeof missing === 'string') {
      path = path === '(root)' ? missing : `${path}.${missing}`;
      return { path, code: 'required', message: 'is required' };
    }
    const code = (FIELD_PROBLEM_CODES as readonly string[]).includes(v.keyword) ? (v.keyword as FieldProblemCode) : 'invalid_value';
    return { path, code, message: v.message ?? 'is not valid' };
  });
}

/** Node socket errors of a connection that could not be made or was cut. */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * PostgreSQL SQLSTATEs of a database that is going away or not there yet: 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up), 53300 too_many_connections, and
 * class 08 (connection exceptions).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What node-postgres says when a connection ends or cannot be had from the pool in time. */
const CONNECTION_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /is not queryable/i,
  /terminating connection due to administrator command/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /is not currently accepting connections/i,
  /connection (refused|reset)/i,
];

/**
 * True when an error (or any error in its cause chain) means the database cannot be reached
 * right now, not that the request was wrong: it is answered 503 SERVICE_UNAVAILABLE and the
 * client may retry.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const { code, message, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string') {
      if (CONNECTION_ERRNOS.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((re) => re.test(message))) return true;
    if (cause) queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return false;
}

/**
 * Turns anything a route, hook or plugin throws into a status and an envelope. Never leaks a stack.
 * `refusal` (the route's contract) names the catalogue code of a request its schema refused.
 */
export function mapError(error: unknown, refusal?: Refusal): Mapped {
  // Before the database check: a storage failure can carry the same socket errors (ECONNREFUSED).
  if (error instanceof StorageUnavailableError) return { status: 503, body: fail('STORAGE_UNAVAILABLE') };
  // A 4xx is the request's fault and a 502 names an outside provider: only a plain failure
  // (500, or not a domain error at all) can be the database going away.
  const domainStatus = isDomainError(error) ? error.status : undefined;
  if ((domainStatus === undefined || domainStatus === 500) && isDatabaseUnavailable(error)) {
    return { status: 503, body: fail('SERVICE_UNAVAILABLE') };
  }
  if (isDomainError(error)) {
    return { status: error.status, body: fail(error.code, error.message, error.issues, error.details) };
  }
  const e = error as Partial<FastifyError> & { status?: number };
  if (Array.isArray(e.validation) && e.validation.length > 0) {
    const issues = validationIssues(e as FastifyError);
    const code = refusal?.(issues) ?? 'VALIDATION';
    return { status: ERRORS[code].status, body: fail(code, ERRORS[code].message, issues) };
  }
  const status = typeof e.statusCode === 'number' ? e.statusCode : typeof e.status === 'number' ? e.status : 500;
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { status: 413, body: fail('PAYLOAD_TOO_LARGE') };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: fail('MALFORMED_JSON') };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_CP_ERR_INVALID_CONTENT_ENCODING':
      return { status: 415, body: fail('UNSUPPORTED_MEDIA_TYPE', 'The request content type is not supported.') };
    default:
      break;
  }
  // The JSON parser reports a syntax error as a plain SyntaxError with status 400.
  if (status === 400 && error instanceof SyntaxError) return { status: 400, body: fail('MALFORMED_JSON') };
  if (status === 413) return { status: 413, body: fail('PAYLOAD_TOO_LARGE') };
  if (status === 429) return { status: 429, body: fail('RATE_LIMITED') };
  if (status === 404) return { status: 404, body: fail('NOT_FOUND') };
  if (status >= 400 && status < 500) return { status, body: fail('BAD_REQUEST', ERRORS.VALIDATION.message) };
  return { status: 500, body: fail('INTERNAL') };
}

/** The one error handler: envelope for every error, 5xx logged with the stack, 4xx at debug level. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const schema = request.routeOptions.schema as { 'x-carte-refusal'?: Refusal } | undefined;
    const { status, body } = mapError(error, schema?.['x-carte-refusal']);
    if (body.code === 'SERVICE_UNAVAILABLE' || body.code === 'STORAGE_UNAVAILABLE') {
      request.log.warn(
        { err: error },
        body.code === 'SERVICE_UNAVAILABLE' ? 'database unavailable' : 'storage unavailable',
      );
      reply.header('retry-after', '1');
    } else if (status >= 500) {
      request.log.error(
        { err: error },
        error instanceof AppError && error.logMessage ? error.logMessage : 'request failed',
      );
    } else {
      const logMessage = error instanceof AppError ? error.logMessage : undefined;
      request.log.debug(
        { code: body.code, status, detail: logMessage ?? scrubMessage(String((error as Error)?.message ?? '')) },
        'request rejected',
      );
    }
    // A failure must not be cached or carry a body encoding set before it happened.
    reply.removeHeader('content-encoding');
    reply.removeHeader('etag');
    reply.header('cache-control', 'no-store');
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });
}

/** 404 envelope for an unknown /api path. */
export function sendApiNotFound(reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(fail('NOT_FOUND'));
}

const UNKNOWN_PAGE_PATH = '/-/not-found';

/**
 * Fastify's `frameworkErrors`: a path whose percent-encoding does not decode (`/%E0%A4%A`,
 * `/api/%ZZ`) or a parameter over the router's limit never reaches a route or a hook. An /api path
 * gets the 400 envelope, a page the web app's not-found page; both with their security headers.
 */
export function frameworkErrorHandler(headers: {
  page: Record<string, string>;
  api: Record<string, string>;
  /** Routes a raw request again (the app's `routing`): a bad page path is answered as an unknown one. */
  reroute: (req: FastifyRequest['raw'], res: FastifyReply['raw']) => void;
}): NonNullable<FastifyServerOptions['frameworkErrors']> {
  return (error, request, anyReply) => {
    const reply = anyReply as FastifyReply;
    const api = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    reply.headers(api ? headers.api : headers.page).header('x-request-id', request.id);
    const badUrl = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    // The one access-log line (the access log never sees a request the router refused).
    request.log.info({ method: request.method, url: request.url, code: error.code }, 'request refused by the router');
    if (api || !badUrl || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const body = badUrl
        ? fail('VALIDATION', ERRORS.VALIDATION.message, [
            {
              path: 'url',
              code: 'invalid_format',
              params: { format: error.code === 'FST_ERR_BAD_URL' ? 'url_encoding' : 'length' },
              message: error.code === 'FST_ERR_BAD_URL' ? 'is not valid URL encoding' : 'is too long',
            },
          ])
        : fail('INTERNAL');
      return reply
        .code(badUrl ? 400 : 500)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(body);
    }
    // A path that no route matches: the web app's not-found page (or a crawler's plain 404).
    request.raw.url = UNKNOWN_PAGE_PATH;
    headers.reroute(request.raw, reply.raw);
  };
}
