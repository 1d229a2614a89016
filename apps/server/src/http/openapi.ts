import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import { ERRORS, failEnvelopeSchema, type ErrorCode } from '@carte/domain';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCESS_COOKIE } from './auth.ts';
import type { ContractMeta } from './contract.ts';

/**
 * The published contract (decision 023): GET /api/openapi.json is an OpenAPI 3.1 document built by
 * @fastify/swagger from the routes Fastify registers, their zod schemas turned into JSON Schema by
 * fastify-type-provider-zod. Register it before the routes: it hears every route as it is added.
 */

/** The /api routes that answer every unknown path with the 404 envelope: not operations. */
export const NOT_FOUND_ROUTES = new Set(['/api/', '/api/*', '/api']);

export const API_INFO = {
  title: 'Carte API',
  version: '1.0.0',
  description:
    'Table ordering for venues: the public menu, orders, payments, the assistant and the staff back office. ' +
    'Every answer is the envelope `{success: true, data}` or `{success: false, error, code, issues?}`; ' +
    'a refused field carries `{path, code, params, message}`. Staff calls authenticate with ' +
    '`Authorization: Bearer <access_token>` (POST /api/auth/login with `mode: "json"`) or the session cookie ' +
    '(`mode: "session"`); cookie-authenticated writes must come from the same origin.',
};

function failSchemaJson(codes: ErrorCode[]) {
  return z.toJSONSchema(failEnvelopeSchema(codes), { target: 'draft-2020-12', io: 'output' });
}

/** Groups a route's codes by HTTP status: one documented answer per status. */
function errorResponses(codes: ErrorCode[]): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERRORS[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, unknown> = {};
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    const schema = failSchemaJson(list);
    delete (schema as { $schema?: unknown }).$schema;
    out[String(status)] = {
      description: list.map((c) => `${c}: ${ERRORS[c].message}`).join('\n'),
      ...schema,
    };
  }
  return out;
}

type Schema = FastifySchema &
  Partial<Pick<ContractMeta, 'x-carte-errors' | 'x-carte-produces' | 'x-carte-refusal' | 'x-carte-multipart'>> & {
    hide?: boolean;
  };

/** Only /api routes are published; the contract's error codes become documented answers. */
const transform: SwaggerTransform = (input) => {
  const { url } = input;
  if (!url.startsWith('/api/') || NOT_FOUND_ROUTES.has(url)) return { schema: { hide: true } as FastifySchema, url };
  // A multipart upload: its form is described as the body (Fastify itself never validates it).
  const multipart = (input.schema as Schema | undefined)?.['x-carte-multipart'];
  const source = multipart
    ? {
        ...input,
        schema: { ...input.schema, body: multipart, consumes: ['multipart/form-data'], 'x-carte-multipart': undefined },
      }
    : input;
  const result = jsonSchemaTransform(source as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = (result.schema ?? {}) as Schema & { response?: Record<string, unknown> };
  // A body schema with transforms (a pipe) loses its .meta() on the way to JSON Schema: its examples
  // are taken from the zod schema itself, so every write route publishes one.
  const zodBody = (input.schema as { body?: unknown } | undefined)?.body;
  const examples = zodBody instanceof z.ZodType ? z.globalRegistry.get(zodBody)?.examples : undefined;
  if (examples && schema.body && typeof schema.body === 'object' && !('examples' in schema.body)) {
    schema.body = { ...schema.body, examples };
  }
  const errors = schema['x-carte-errors'];
  const produces = schema['x-carte-produces'];
  delete schema['x-carte-errors'];
  delete schema['x-carte-produces'];
  delete schema['x-carte-refusal'];
  delete schema['x-carte-multipart'];
  const response: Record<string, unknown> = { ...(schema.response ?? {}) };
  // Fastify sees only the JSON answer; other content types are described here.
  if (produces) {
    response['200'] = {
      description: Object.values(produces).join(' / '),
      content: Object.fromEntries(
        Object.entries(produces).map(([type, what]) => [type, { schema: { description: what } }]),
      ),
    };
  }
  if (errors) Object.assign(response, errorResponses(errors));
  return { schema: { ...schema, ...(Object.keys(response).length ? { response } : {}) } as FastifySchema, url };
};

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: API_INFO,
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'The access_token of POST /api/auth/login or /api/auth/refresh with mode "json".',
          },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: ACCESS_COOKIE,
            description: 'Set by POST /api/auth/login with mode "session"; writes must be same-origin.',
          },
        },
      },
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });
}
