import type { ErrorCode } from '@hatchworks/shared/errors';
import type { FieldError } from '@hatchworks/shared/schemas/envelope';
import { ERROR_MESSAGES } from '@hatchworks/shared/errors';

/**
 * An error the API answers with as it is: an HTTP status, a catalogue code and a user-facing
 * message. Anything that is not an AppError becomes a generic 500.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: number,
    code: ErrorCode,
    message: string = ERROR_MESSAGES[code],
    options: { cause?: unknown; details?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.status = status;
    this.code = code;
    this.details = options.details;
    this.headers = options.headers;
  }
}

export class ValidationError extends AppError {
  constructor(details: FieldError[], message: string = ERROR_MESSAGES.VALIDATION_ERROR) {
    super(400, 'VALIDATION_ERROR', message, { details });
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = ERROR_MESSAGES.NOT_FOUND) {
    super(404, 'NOT_FOUND', message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string = ERROR_MESSAGES.AUTH_ERROR) {
    super(401, 'AUTH_ERROR', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string = ERROR_MESSAGES.FORBIDDEN) {
    super(403, 'FORBIDDEN', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string = ERROR_MESSAGES.CONFLICT) {
    super(409, 'CONFLICT', message);
  }
}

/** 429 with `Retry-After`: a limit is used up until the given number of seconds have passed. */
export class RateLimitedError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', message, {
      headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    });
  }
}

/**
 * 503 with `Retry-After`: the function is about to reach its time limit. The work may still
 * complete, so a retry with the same `Idempotency-Key` answers its outcome and charges once.
 */
export class ServerBusyError extends AppError {
  constructor(retryAfterSeconds = 1) {
    super(503, 'SERVER_BUSY', ERROR_MESSAGES.SERVER_BUSY, {
      headers: { 'retry-after': String(retryAfterSeconds) },
    });
  }
}
