import type { FieldIssue } from '@carte/domain/errors';
import type { ApiEnvelope } from '@carte/domain/public-types';

/**
 * The web app's one client of the `/api` (issue 16): every call, guest or staff, goes through
 * apiRequest (or apiUrl + unwrapEnvelope for an upload with progress, downloadFile for a file).
 * Staff calls authenticate with the session cookie; the browser's Origin header makes the
 * cookie-authenticated writes same-origin for the server's CSRF check.
 */

/** One problem with one field, as the server names it (`price`, `variations[1].price_variation`). */
export type FieldProblem = FieldIssue;

/** A failed `/api` call: the envelope's stable code and message, or a network/format failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The failed envelope as the server sent it (`nextOpening` of VENUE_CLOSED, `issues`). */
  readonly body: Record<string, unknown> | undefined;
  /** The field problems of a refused request (400 VALIDATION), empty otherwise. */
  readonly issues: FieldProblem[];
  constructor(status: number, code: string, message: string, body?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
    this.issues = Array.isArray(body?.issues) ? (body.issues as FieldProblem[]) : [];
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

type Query = Record<string, string | number | boolean | null | undefined>;

function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The absolute address of an API path (against the page, so it works in the browser and under test). */
export function apiUrl(path: string, query?: Query): string {
  return new URL(buildUrl(path, query), document.baseURI).href;
}

const JSON_HEADERS = { accept: 'application/json' };

const early = new Map<string, Promise<Response>>();

/**
 * Starts a GET now (at start-up, before the code that needs it has loaded); the first
 * apiRequest for the same URL takes over the response instead of asking again.
 */
export function prefetchGet(path: string, query?: Query): void {
  const url = buildUrl(path, query);
  if (early.has(url)) return;
  const pending = fetch(apiUrl(url), { headers: JSON_HEADERS, credentials: 'same-origin' });
  pending.catch(() => undefined);
  early.set(url, pending);
}

const networkError = () => new ApiError(0, 'NETWORK', 'The network request failed.');

/** Sends a request, turning a network failure into ApiError NETWORK (an abort stays an AbortError). */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(apiUrl(url), init);
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw networkError();
  }
}

/**
 * An answer's envelope (architecture.md section 4.1): resolves with `data`, or rejects with an
 * ApiError carrying the server's code, message and field problems.
 */
export async function unwrapEnvelope<T>(response: Response): Promise<T> {
  let envelope: ApiEnvelope<T> | null = null;
  try {
    envelope = (await response.json()) as ApiEnvelope<T>;
  } catch {
    envelope = null;
  }
  if (!envelope || typeof envelope !== 'object' || !('success' in envelope)) {
    throw new ApiError(
      response.status,
      response.ok ? 'BAD_RESPONSE' : 'INTERNAL',
      response.statusText || 'Unexpected response',
    );
  }
  if (!envelope.success) {
    throw new ApiError(response.status, envelope.code, envelope.error, envelope as Record<string, unknown>);
  }
  return envelope.data;
}

/** Calls the API and unwraps the envelope: resolves with `data`, or rejects with an ApiError. */
export async function apiRequest<T>(
  path: string,
  options: {
    method?: string;
    query?: Query;
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  } = {},
): Promise<T> {
  const init: RequestInit = {
    method: options.method ?? 'GET',
    headers: { ...JSON_HEADERS, ...options.headers },
    credentials: 'same-origin',
  };
  if (options.signal) init.signal = options.signal;
  if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  const url = buildUrl(path, options.query);
  const prefetched = init.method === 'GET' ? early.get(url) : undefined;
  if (prefetched) early.delete(url);
  let response: Response;
  if (prefetched) {
    try {
      response = await prefetched;
    } catch {
      throw networkError();
    }
  } else {
    response = await send(url, init);
  }
  return unwrapEnvelope<T>(response);
}

export function apiGet<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
  return apiRequest<T>(path, { query, ...(signal ? { signal } : {}) });
}

/**
 * A file the API answers (a PDF), saved under `filename`. A refusal comes back as the JSON envelope
 * and rejects with its ApiError, as apiRequest does.
 */
export async function downloadFile(path: string, query: Query, filename: string, expectedType: string): Promise<void> {
  const response = await send(buildUrl(path, query), { credentials: 'same-origin' });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.includes(expectedType)) {
    await unwrapEnvelope<never>(response);
    throw new ApiError(response.status, 'BAD_RESPONSE', response.statusText || 'Unexpected response');
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
