import { randomInt } from 'node:crypto';
import { request as httpRequest } from 'node:http';

/*
 * The stack keys clients by their socket's address (per-client limits) and anonymous tracker
 * votes by its /24, as API Gateway does with the real client's address. All of 127.0.0.0/8 is
 * this machine, so a test is another client by binding its connections to another loopback
 * address. Chromium and plain `fetch` always come from 127.0.0.1.
 */

const NETWORKS = 254 * 254;
let nextNetwork = randomInt(NETWORKS);

/**
 * A client address on a /24 that no other client of this test file has used: 127.N.M.h with N and
 * M from 1 to 254, so every client of a test counts apart unless the test puts two on one network.
 */
export function freshClientAddress(host = randomInt(1, 255)): string {
  const network = nextNetwork % NETWORKS;
  nextNetwork += 1;
  return `127.${1 + Math.floor(network / 254)}.${1 + (network % 254)}.${host}`;
}

/** Another address on the /24 of `address`, e.g. a neighbour in the same household. */
export function sameNetworkAs(address: string, host = randomInt(1, 255)): string {
  return `${address.split('.').slice(0, 3).join('.')}.${host}`;
}

/**
 * `fetch` from a chosen local source address (Node's fetch cannot bind one without undici's
 * Agent, which is not a dependency): node:http with `localAddress`, over IPv4 because the stack
 * listens on 127.0.0.1.
 */
export function fetchFrom(localAddress: string, url: string, init: RequestInit): Promise<Response> {
  const headers = new Headers(init.headers);
  const body = typeof init.body === 'string' ? init.body : undefined;
  if (body !== undefined) headers.set('content-length', String(Buffer.byteLength(body)));
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      {
        method: init.method ?? 'GET',
        headers: Object.fromEntries(headers),
        localAddress,
        family: 4,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            for (const each of Array.isArray(value) ? value : [value ?? '']) {
              answerHeaders.append(name, each);
            }
          }
          const status = incoming.statusCode ?? 500;
          resolve(
            new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), {
              status,
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
