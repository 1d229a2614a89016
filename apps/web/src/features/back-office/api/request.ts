import type { FieldIssue } from '@carte/domain/errors';
import type { ApiEnvelope } from '@carte/domain/public-types';
import { ApiError } from '../../../lib/api-client.ts';

/** One problem with one field, as the server names it (`price`, `variations[1].price_variation`). */
export type FieldProblem = FieldIssue;

/** A refused staff call: the envelope's code and message plus the field problems, when there are some. */
export class StaffApiError extends ApiError {
  readonly issues: FieldProblem[];
  constructor(status: number, code: string, message: string, issues: FieldProblem[] = []) {
    super(status, code, message);
    this.name = 'StaffApiError';
    this.issues = issues;
  }
}

export function isStaffApiError(error: unknown): error is StaffApiError {
  return error instanceof StaffApiError;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return new URL(qs ? `${path}?${qs}` : path, document.baseURI).href;
}

/** Turns an answer into its envelope's data, or throws a StaffApiError with the field problems. */
export async function unwrap<T>(response: Response): Promise<T> {
  let envelope: ApiEnvelope<T> | null = null;
  try {
    envelope = (await response.json()) as ApiEnvelope<T>;
  } catch {
    envelope = null;
  }
  if (!envelope || typeof envelope !== 'object' || !('success' in envelope)) {
    throw new StaffApiError(response.status, response.ok ? 'BAD_RESPONSE' : 'INTERNAL', response.statusText || 'Unexpected response');
  }
  if (!envelope.success) {
    throw new StaffApiError(response.status, envelope.code, envelope.error, envelope.issues ?? []);
  }
  return envelope.data;
}

/**
 * A staff call (architecture.md 4.7) with the session cookie; the browser's Origin header makes
 * the cookie-authenticated writes same-origin for the server's CSRF check.
 */
export async function staffRequest<T>(
  path: string,
  options: { method?: string; query?: Query; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const init: RequestInit = {
    method: options.method ?? 'GET',
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
  };
  if (options.signal) init.signal = options.signal;
  if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
    init.headers = { accept: 'application/json', 'content-type': 'application/json' };
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new StaffApiError(0, 'NETWORK', 'The network request failed.');
  }
  return unwrap<T>(response);
}
