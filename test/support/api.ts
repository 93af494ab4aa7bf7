import { inject } from 'vitest';
import './context';

export interface ApiAnswer<T = unknown> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
}

/** Calls the local stack over real HTTP and reads the JSON answer. */
export async function api<T = Record<string, unknown>>(
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<ApiAnswer<T>> {
  const { json, ...rest } = init;
  const response = await fetch(`${inject('baseUrl')}${path}`, {
    ...rest,
    headers: {
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(rest.headers ?? {}),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : undefined) as T,
  };
}
