import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** A JSON API Gateway response; API answers are never cached by browsers or CloudFront. */
export function jsonResponse(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    },
    body: JSON.stringify(body),
  };
}

/** What a handler may return instead of bare data, to set the status or add `next_cursor`. */
export interface HandlerResult<T> {
  readonly kind: 'result';
  readonly status: number;
  readonly data: T;
  readonly nextCursor?: string | null;
  readonly headers?: Record<string, string>;
  /** A human-readable note beside `data` (verify-user answers one). */
  readonly message?: string;
}

/** 200 with `data` and a `message` beside it. */
export const withMessage = <T>(data: T, message: string): HandlerResult<T> => ({
  kind: 'result',
  status: 200,
  data,
  message,
});

/** 201 Created with `data` (and a `message` beside it when given). */
export const created = <T>(data: T, message?: string): HandlerResult<T> => ({
  kind: 'result',
  status: 201,
  data,
  ...(message === undefined ? {} : { message }),
});

/** 202 Accepted: the request is taken, what follows happens by mail. */
export const accepted = (message: string): HandlerResult<null> => ({
  kind: 'result',
  status: 202,
  data: null,
  message,
});

/** One page of a list: `data` plus `next_cursor` (null on the last page). */
export const page = <T>(data: T, nextCursor: string | null): HandlerResult<T> => ({
  kind: 'result',
  status: 200,
  data,
  nextCursor,
});

export function isHandlerResult(value: unknown): value is HandlerResult<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'result' &&
    typeof (value as { status?: unknown }).status === 'number'
  );
}

/** A response that is not JSON (the changelog's Atom feed): sent as it is, no envelope. */
export interface RawResult {
  readonly kind: 'raw';
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

export const rawResult = (
  status: number,
  headers: Record<string, string>,
  body: string,
): RawResult => ({ kind: 'raw', status, headers, body });

export function isRawResult(value: unknown): value is RawResult {
  return (
    typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'raw'
  );
}
