import { ERRORS, failEnvelopeSchema, okEnvelope, type ErrorCode, type FieldIssue } from '@carte/domain';
import { z } from 'zod';

/**
 * How a route declares its contract (decision 023): `app.post('/x', { schema: contract({...}) }, ...)`.
 * The request parts and the answer's `data` are zod schemas from `packages/domain/src/contracts/`;
 * Fastify validates the request with them (the zod type provider types the handler), serialises the
 * answer through them, and GET /api/openapi.json describes the route from the same objects.
 */

/** Who may call: nobody signed in, a signed-in staff member, or either (the answer differs). */
export type RouteAuth = 'public' | 'staff' | 'optional';

/** The statuses a route answers with, besides its errors. */
type OkStatus = 200 | 201;

interface ContractInput<B, Q, P, D, S extends OkStatus, A extends OkStatus> {
  /** One line for the reference. */
  summary: string;
  /** The resource the route belongs to (the contract file's name). */
  tag: string;
  auth: RouteAuth;
  description?: string;
  body?: B;
  querystring?: Q;
  params?: P;
  /** The `data` of the `{success: true, data}` answer. */
  data: D;
  /** 200 unless the route answers 201 (another success status is listed in `alsoOk`). */
  status?: S;
  /** Other success statuses the same answer may come with (POST /api/venue/staff: 200 or 201). */
  alsoOk?: A[];
  /** The catalogue codes this route answers besides the common ones (see COMMON_ERRORS). */
  errors?: readonly ErrorCode[];
  /** A refused request answers this catalogue code instead of VALIDATION (see Refusal). */
  refusal?: Refusal;
  /**
   * Failures answered with the success status (confirm-payment's PAYMENT_NOT_CONFIRMED, HTTP 200):
   * the answer is the envelope or `{success: false, error, code}` with one of these codes.
   */
  okFailures?: readonly ErrorCode[];
  /**
   * A `multipart/form-data` body the handler reads part by part (an upload): described in the
   * document, never validated by Fastify (the parts are a stream, not a parsed body).
   */
  multipart?: z.ZodType;
}

/**
 * The catalogue code a request refused by its schema answers with, chosen from its field problems:
 * the specification names its own message for some bad input ('Missing venueUrl, venue id, cart or
 * spot'); the answer is that code's envelope with the same `issues`. VALIDATION for the rest.
 */
export type Refusal = (issues: readonly FieldIssue[]) => ErrorCode;

/** Answers that are not a JSON envelope (a PDF, an event stream, a page): described, not serialised. */
interface RawContractInput<B, Q, P> {
  summary: string;
  tag: string;
  auth: RouteAuth;
  description?: string;
  body?: B;
  querystring?: Q;
  params?: P;
  /** Content type -> what it holds. */
  produces: Record<string, string>;
  errors?: readonly ErrorCode[];
  refusal?: Refusal;
}

/** The security requirement of each kind of route, in the document's terms. */
export const SECURITY: Record<RouteAuth, Record<string, string[]>[]> = {
  public: [],
  staff: [{ bearerAuth: [] }, { sessionCookie: [] }],
  optional: [{}, { bearerAuth: [] }, { sessionCookie: [] }],
};

/** Codes every route may answer: bad input, limits, failures. Staff routes add 401 and 403. */
export const COMMON_ERRORS: readonly ErrorCode[] = ['RATE_LIMITED', 'INTERNAL', 'SERVICE_UNAVAILABLE'];
export const INPUT_ERRORS: readonly ErrorCode[] = ['VALIDATION', 'MALFORMED_JSON', 'PAYLOAD_TOO_LARGE'];
export const STAFF_ERRORS: readonly ErrorCode[] = ['UNAUTHORIZED', 'INVALID_TOKEN', 'FORBIDDEN', 'CSRF_REJECTED'];

/** The keys the OpenAPI transform reads besides Fastify's own (never seen by Fastify's compilers). */
export interface ContractMeta {
  summary: string;
  description?: string;
  tags: string[];
  security: Record<string, string[]>[];
  'x-carte-errors': ErrorCode[];
  'x-carte-produces'?: Record<string, string>;
  /** Read by the error handler, never published. */
  'x-carte-refusal'?: Refusal;
  'x-carte-multipart'?: z.ZodType;
}

function errorsOf(input: { auth: RouteAuth; errors?: readonly ErrorCode[] }, hasInput: boolean): ErrorCode[] {
  const all = [
    ...(hasInput ? INPUT_ERRORS : []),
    ...(input.auth === 'staff' ? STAFF_ERRORS : []),
    ...(input.errors ?? []),
    ...COMMON_ERRORS,
  ];
  for (const code of all) if (!(code in ERRORS)) throw new Error(`unknown error code ${code}`);
  return [...new Set(all)];
}

function meta(input: {
  summary: string;
  tag: string;
  auth: RouteAuth;
  description?: string;
  errors?: readonly ErrorCode[];
  refusal?: Refusal;
  hasInput: boolean;
}): ContractMeta {
  return {
    summary: input.summary,
    ...(input.description ? { description: input.description } : {}),
    tags: [input.tag],
    security: SECURITY[input.auth],
    'x-carte-errors': errorsOf(input, input.hasInput),
    ...(input.refusal ? { 'x-carte-refusal': input.refusal } : {}),
  };
}

function requestParts<B, Q, P>(input: { body?: B; querystring?: Q; params?: P }) {
  return {
    ...(input.body !== undefined ? { body: input.body } : {}),
    ...(input.querystring !== undefined ? { querystring: input.querystring } : {}),
    ...(input.params !== undefined ? { params: input.params } : {}),
  } as { body: B; querystring: Q; params: P };
}

/** A JSON route: request parts validated, `{success: true, data}` serialised through `data`. */
export function contract<
  D extends z.ZodType,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  S extends OkStatus = 200,
  A extends OkStatus = never,
>(input: ContractInput<B, Q, P, D, S, A>) {
  const ok = okEnvelope(input.data);
  // The union is typed as the envelope: handlers return `ok(...)`; the failure is sent by the error handler.
  const envelope = (
    input.okFailures?.length ? z.union([ok, failEnvelopeSchema(input.okFailures)]) : ok
  ) as typeof ok;
  const response = { [input.status ?? 200]: envelope } as Record<S | A, typeof envelope>;
  for (const status of input.alsoOk ?? []) (response as Record<number, typeof envelope>)[status] = envelope;
  const hasInput =
    input.body !== undefined ||
    input.querystring !== undefined ||
    input.params !== undefined ||
    input.multipart !== undefined;
  return {
    ...requestParts(input),
    response,
    ...meta({ ...input, hasInput }),
    ...(input.multipart ? { 'x-carte-multipart': input.multipart } : {}),
  };
}

/** A route whose answer is not a JSON envelope (see RawContractInput). */
export function rawContract<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(input: RawContractInput<B, Q, P>) {
  const hasInput = input.body !== undefined || input.querystring !== undefined || input.params !== undefined;
  return {
    ...requestParts(input),
    ...meta({ ...input, hasInput }),
    'x-carte-produces': input.produces,
  };
}
