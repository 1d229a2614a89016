import { ERRORS, type ApiEnvelope, type ErrorCode, type FieldIssue } from '@carte/domain';

/** `{success: true, data}`: what every successful /api handler returns. */
export function ok<T>(data: T): { success: true; data: T } {
  return { success: true, data };
}

export type FailEnvelope = Extract<ApiEnvelope<never>, { success: false }>;

/** `{success: false, error, code}` (+ `issues` for validation problems). */
export function fail(
  code: ErrorCode | string,
  error?: string,
  issues?: FieldIssue[],
  details?: Record<string, unknown>,
): FailEnvelope {
  const known = (ERRORS as Record<string, { message: string } | undefined>)[code];
  // Details first: they never replace the envelope's own fields.
  const body: FailEnvelope = {
    ...details,
    success: false,
    error: error ?? known?.message ?? ERRORS.INTERNAL.message,
    code,
  };
  if (issues && issues.length) body.issues = issues;
  return body;
}
