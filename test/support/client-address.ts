import { randomInt } from 'node:crypto';
import { request } from 'node:http';

/**
 * A loopback address of its own (127.x.y.z, a /24 of its own too): the local stack keys
 * per-client limits on the socket's address, as API Gateway does with the real client behind the
 * origin lock, so a test's calls from here count apart from every other test's. The whole of
 * 127.0.0.0/8 reaches the local server on Linux.
 */
export function loopbackAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/**
 * `fetch` from a given local address (fetch itself cannot choose one): a plain HTTP request over
 * node:http bound to `address`, answered as a standard Response.
 */
export function fetchFrom(address: string, url: string, init: RequestInit = {}): Promise<Response> {
  const target = new URL(url);
  const headers = new Headers(init.headers);
  const body = typeof init.body === 'string' ? init.body : undefined;
  if (body !== undefined) headers.set('content-length', String(Buffer.byteLength(body)));
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: init.method ?? 'GET',
        headers: Object.fromEntries(headers),
        localAddress: address,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            for (const each of [value ?? []].flat()) answerHeaders.append(name, each);
          }
          resolve(
            new Response(Buffer.concat(chunks), {
              status: incoming.statusCode ?? 500,
              headers: answerHeaders,
            }),
          );
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
