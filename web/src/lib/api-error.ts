import { CLIENT_MESSAGES, ERROR_CODES, ERROR_MESSAGES } from '@hatchworks/shared/errors';
import { FieldErrorSchema, type FieldError } from '@hatchworks/shared/schemas/envelope';
import * as z from '@hatchworks/shared/zod';

/** An API call that failed: `status` is 0 when no HTTP answer arrived (network, timeout). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  /** Field problems of a 400 VALIDATION_ERROR, when the server listed them. */
  readonly details: readonly FieldError[];

  constructor(
    message: string,
    options: { status: number; code: string; cause?: unknown; details?: readonly FieldError[] },
  ) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.code = options.code;
    this.details = options.details ?? [];
  }
}

/** What the client knows about a non-OK answer when it maps it to an error. */
export interface HttpFailure {
  readonly status: number;
  readonly statusText: string;
  /** The parsed JSON body, or undefined when the body was empty or not JSON. */
  readonly body: unknown;
}

const CODE_BY_STATUS: Readonly<Record<number, string>> = {
  400: ERROR_CODES.VALIDATION_ERROR,
  401: ERROR_CODES.AUTH_ERROR,
  403: ERROR_CODES.FORBIDDEN,
  404: ERROR_CODES.NOT_FOUND,
  409: ERROR_CODES.CONFLICT,
  413: ERROR_CODES.PAYLOAD_TOO_LARGE,
  429: ERROR_CODES.RATE_LIMITED,
};

function textField(body: unknown, field: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value: unknown = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function codeFor(status: number, body: unknown): string {
  return (
    textField(body, 'code') ??
    CODE_BY_STATUS[status] ??
    (status >= 500 ? ERROR_CODES.SERVER_ERROR : ERROR_CODES.UNKNOWN_ERROR)
  );
}

function messageFor({ status, statusText, body }: HttpFailure): string {
  if (status === 401) return CLIENT_MESSAGES.authRequired;
  if (status === 500) return CLIENT_MESSAGES.serverError;
  if (status > 500) return `Server error (${status}): ${statusText}`;
  return textField(body, 'error') ?? textField(body, 'message') ?? `HTTP ${status}: ${statusText}`;
}

/**
 * Maps a non-OK HTTP answer to the error the project/tracker client shows: 401 always
 * reads as an expired login, 5xx never leaks server text, anything else prefers the server's own
 * `error` or `message`.
 */
export function mapHttpError(failure: HttpFailure): ApiError {
  const code =
    failure.status === 401 ? ERROR_CODES.AUTH_ERROR : codeFor(failure.status, failure.body);
  return new ApiError(messageFor(failure), {
    status: failure.status,
    code,
    details: detailsOf(failure.body),
  });
}

function detailsOf(body: unknown): FieldError[] {
  if (typeof body !== 'object' || body === null) return [];
  const parsed = z.array(FieldErrorSchema).safeParse((body as Record<string, unknown>).details);
  return parsed.success ? parsed.data : [];
}

/**
 * The text a form shows for a failed save: the server's own message for a 4xx answer (e.g. 409
 * 'Username is already taken'), else the operation's fallback.
 */
export function formErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) {
    return error.message;
  }
  return fallback;
}

/** The request was aborted by the client's own timer. */
export function timeoutError(cause?: unknown): ApiError {
  return new ApiError(CLIENT_MESSAGES.timeout, {
    status: 0,
    code: ERROR_CODES.NETWORK_ERROR,
    cause,
  });
}

/** No HTTP answer at all: offline, DNS, connection refused, CORS. */
export function networkError(cause?: unknown): ApiError {
  return new ApiError(ERROR_MESSAGES.NETWORK_ERROR, {
    status: 0,
    code: ERROR_CODES.NETWORK_ERROR,
    cause,
  });
}

/** A 2xx answer whose body is not the documented shape; `message` is the operation's fallback. */
export function unexpectedResponseError(
  status: number,
  message: string,
  cause?: unknown,
): ApiError {
  return new ApiError(message, { status, code: ERROR_CODES.UNKNOWN_ERROR, cause });
}

/** True for client errors (4xx) that a retry cannot fix. */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
