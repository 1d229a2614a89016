import { ERRORS, formatPath, isDomainError, type FieldIssue } from '@carte/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';
import { fail, type FailEnvelope } from './envelope.ts';

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
  return (error.validation ?? []).map((v) => {
    let path = instancePathToField(v.instancePath);
    // A missing property is reported on its parent: name the property itself.
    const missing = (v.params as { missingProperty?: unknown } | undefined)?.missingProperty;
    if (typeof missing === 'string') path = path === '(root)' ? missing : `${path}.${missing}`;
    return { path, message: v.message ?? 'is not valid' };
  });
}

/** Turns anything a route, hook or plugin throws into a status and an envelope. Never leaks a stack. */
export function mapError(error: unknown): Mapped {
  if (isDomainError(error)) {
    return { status: error.status, body: fail(error.code, error.message, error.issues) };
  }
  const e = error as Partial<FastifyError> & { status?: number };
  if (hasZodFastifySchemaValidationErrors(e) || (Array.isArray(e.validation) && e.validation.length > 0)) {
    return { status: 400, body: fail('VALIDATION', ERRORS.VALIDATION.message, validationIssues(e as FastifyError)) };
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
    const { status, body } = mapError(error);
    if (status >= 500) {
      request.log.error(
        { err: error },
        error instanceof AppError && error.logMessage ? error.logMessage : 'request failed',
      );
    } else {
      const logMessage = error instanceof AppError ? error.logMessage : undefined;
      request.log.debug(
        { code: body.code, status, detail: logMessage ?? (error as Error)?.message },
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
