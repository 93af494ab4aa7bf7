import { request } from 'node:http';
import { randomInt } from 'node:crypto';
import { inject } from 'vitest';
import './context';

export interface ApiAnswer<T = unknown> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
}

export type ApiInit = RequestInit & {
  json?: unknown;
  /**
   * The client address to call from, e.g. '127.0.0.2' (Linux answers on all of 127/8). Limits
   * per client key on the socket's address, so a test that must not share its client's limits
   * with the rest of the run calls from an address of its own (`randomLoopback()`).
   */
  from?: string;
};

/** A loopback address no other test uses: 127.x.y.z outside 127.0.0.0/24. */
export const randomLoopback = () =>
  `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** One HTTP request from a chosen local address (fetch cannot bind its socket). */
function requestFrom(
  url: URL,
  from: string,
  init: { method: string; headers: Record<string, string>; body: string | undefined },
): Promise<{ status: number; headers: Headers; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: init.method,
        headers: { ...init.headers, host: url.host },
        localAddress: from,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            for (const each of Array.isArray(value) ? value : [value ?? '']) {
              headers.append(name, each);
            }
          }
          resolve({
            status: incoming.statusCode ?? 0,
            headers,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}

/** Calls the local stack over real HTTP and reads the JSON answer. */
export async function api<T = Record<string, unknown>>(
  path: string,
  init: ApiInit = {},
): Promise<ApiAnswer<T>> {
  const { json, from, ...rest } = init;
  const url = new URL(`${inject('baseUrl')}${path}`);
  const headers = {
    ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    ...((rest.headers ?? {}) as Record<string, string>),
  };
  const body = json === undefined ? (rest.body as string | undefined) : JSON.stringify(json);
  let answer: { status: number; headers: Headers; text: string };
  if (from) {
    answer = await requestFrom(url, from, { method: rest.method ?? 'GET', headers, body });
  } else {
    const response = await fetch(url, {
      ...rest,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    answer = { status: response.status, headers: response.headers, text: await response.text() };
  }
  return {
    status: answer.status,
    headers: answer.headers,
    body: (answer.text ? JSON.parse(answer.text) : undefined) as T,
  };
}
