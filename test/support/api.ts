import { inject } from 'vitest';
import { fetchFrom } from './client-address';
import './context';

export interface ApiAnswer<T = unknown> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
}

/**
 * Calls the local stack over real HTTP and reads the JSON answer; `from` sends it from a loopback
 * address of its own (see `loopbackAddress`), which per-client limits count apart.
 */
export async function api<T = Record<string, unknown>>(
  path: string,
  init: RequestInit & { json?: unknown; from?: string } = {},
): Promise<ApiAnswer<T>> {
  const { json, from, ...rest } = init;
  const send = (url: string, request: RequestInit) =>
    from ? fetchFrom(from, url, request) : fetch(url, request);
  const response = await send(`${inject('baseUrl')}${path}`, {
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
