import type { ApiEnvelope } from '@carte/domain/public-types';

/** A failed `/api` call: the envelope's stable code and message, or a network/format failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The failed envelope as the server sent it (`nextOpening` of VENUE_CLOSED, `issues`). */
  readonly body: Record<string, unknown> | undefined;
  constructor(status: number, code: string, message: string, body?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
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

const JSON_HEADERS = { accept: 'application/json' };
const early = new Map<string, Promise<Response>>();

/**
 * Starts a GET now (at start-up, before the code that needs it has loaded); the first
 * apiRequest for the same URL takes over the response instead of asking again.
 */
export function prefetchGet(path: string, query?: Query): void {
  const url = buildUrl(path, query);
  if (early.has(url)) return;
  const pending = fetch(new URL(url, document.baseURI).href, { headers: JSON_HEADERS, credentials: 'same-origin' });
  pending.catch(() => undefined);
  early.set(url, pending);
}

/**
 * Calls the API and unwraps the envelope of architecture.md section 4.1:
 * resolves with `data`, or rejects with an ApiError carrying the server's code.
 */
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
  try {
    // Absolute against the page, so the same call works in the browser and under test.
    response = await (prefetched ?? fetch(new URL(url, document.baseURI).href, init));
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK', 'The network request failed.');
  }
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

export function apiGet<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
  return apiRequest<T>(path, { query, ...(signal ? { signal } : {}) });
}
