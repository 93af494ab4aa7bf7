import { fetchFrom } from './client-addresses';
import { testStack } from './stack';

export interface ApiAnswer<T = unknown> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
}

export interface ApiInit extends RequestInit {
  /** A JSON body, sent with `content-type: application/json`. */
  json?: unknown;
  /**
   * The source address of the connection, any of 127.0.0.0/8 (all of it is this machine): the
   * stack keys clients by their socket's address, so this is how a test is another client.
   */
  from?: string;
}

/** Calls the local stack over real HTTP and reads the JSON answer. */
export async function api<T = Record<string, unknown>>(
  path: string,
  init: ApiInit = {},
): Promise<ApiAnswer<T>> {
  const { json, from, ...rest } = init;
  const url = `${testStack().baseUrl}${path}`;
  const requestInit: RequestInit = {
    ...rest,
    headers: {
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(rest.headers ?? {}),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  };
  const response = from ? await fetchFrom(from, url, requestInit) : await fetch(url, requestInit);
  const text = await response.text();
  // Every API answer is JSON but the changelog's Atom feed (`/changelog.xml`), kept as text.
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? (isJson || !text.startsWith('<') ? JSON.parse(text) : text) : undefined) as T,
  };
}
