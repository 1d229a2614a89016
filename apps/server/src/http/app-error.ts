import { DomainError, type ErrorCode, type FieldIssue } from '@carte/domain';

/**
 * The server's error type: a stable code from the domain catalogue (which gives the HTTP status
 * and the user-facing message) plus an optional log message that never reaches the client.
 * Throw it from routes and services; the error handler turns it into the envelope.
 */
export class AppError extends DomainError {
  readonly logMessage: string | undefined;
  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      logMessage?: string;
      issues?: FieldIssue[];
      cause?: unknown;
      details?: Record<string, unknown>;
    } = {},
  ) {
    super(code, options);
    this.name = 'AppError';
    this.logMessage = options.logMessage;
  }
}
