import type { LookupAddress } from 'node:dns';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkAddress,
  checkWebhookUrl,
  postWebhook,
  type LookupAll,
} from '../../src/modules/webhooks/outbound';

/** What a receiver saw of one request. */
interface Hit {
  readonly method: string | undefined;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A real HTTP server on 127.0.0.1 that records every request it gets. */
interface Receiver {
  readonly port: number;
  readonly url: string;
  readonly hits: Hit[];
}

const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** Starts a receiver answering with `answer` once the request body has arrived. */
async function receiver(
  answer: (response: ServerResponse, request: IncomingMessage) => void,
): Promise<Receiver> {
  const hits: Hit[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      hits.push({
        method: request.method,
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      answer(response, request);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return { port, url: `http://127.0.0.1:${port}/hooks?team=1`, hits };
}

/** A port nothing listens on: one a server had a moment ago. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A resolver that answers every name with `addresses` and counts its calls. */
function fakeDns(...addresses: string[]): LookupAll & { calls: string[] } {
  const calls: string[] = [];
  const answer: LookupAddress[] = addresses.map((address) => ({
    address,
    family: address.includes(':') ? 6 : 4,
  }));
  const lookup = async (hostname: string): Promise<LookupAddress[]> => {
    calls.push(hostname);
    return answer;
  };
  return Object.assign(lookup, { calls });
}

const message = { headers: { 'webhook-id': 'msg_1' }, body: '{"type":"ping"}' };
const LOCAL = { allowLoopback: true };
const PUBLIC_ONLY = { allowLoopback: false };

describe('checkAddress', () => {
  it.each([
    ['10.0.0.1', 'a private'],
    ['172.16.5.4', 'a private'],
    ['192.168.1.1', 'a private'],
    ['127.0.0.1', 'a loopback'],
    ['::1', 'a loopback'],
    ['169.254.169.254', 'a link-local'],
    ['fe80::1', 'a link-local'],
    ['fd00::1', 'a unique-local'],
    ['224.0.0.1', 'a multicast'],
    ['ff02::1', 'a multicast'],
    ['0.0.0.0', 'an unspecified'],
    ['::', 'an unspecified'],
    ['255.255.255.255', 'a broadcast'],
    ['100.64.0.1', 'a carrier-grade NAT'],
    ['192.0.2.1', 'a reserved'],
    ['::ffff:127.0.0.1', 'a loopback'],
    ['::ffff:169.254.169.254', 'a link-local'],
    ['2002:a00:1::', 'a 6to4'],
    ['2001::1', 'a Teredo'],
    ['64:ff9b::a00:1', 'a NAT64'],
  ])('refuses %s as %s address', (address, range) => {
    // Act
    const verdict = checkAddress(address, PUBLIC_ONLY);
    // Assess
    expect(verdict).toEqual({ ok: false, reason: `${address} is ${range} address` });
  });

  it.each(['93.184.216.34', '2606:4700::1111', '::ffff:93.184.216.34'])(
    'accepts the public unicast address %s',
    (address) => {
      // Act
      const verdict = checkAddress(address, PUBLIC_ONLY);
      // Assess
      expect(verdict).toEqual({ ok: true });
    },
  );

  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])(
    'accepts the loopback address %s only when loopback is allowed',
    (address) => {
      // Act
      const allowed = checkAddress(address, LOCAL);
      const refused = checkAddress(address, PUBLIC_ONLY);
      // Assess
      expect(allowed).toEqual({ ok: true });
      expect(refused.ok).toBe(false);
    },
  );

  it('still refuses every other range when loopback is allowed', () => {
    // Act
    const verdicts = ['10.0.0.1', '169.254.169.254', 'fd00::1'].map((address) =>
      checkAddress(address, LOCAL),
    );
    // Assess
    expect(verdicts.map((verdict) => verdict.ok)).toEqual([false, false, false]);
  });

  it('refuses text that is no IP address', () => {
    // Act
    const verdict = checkAddress('hooks.example.com', PUBLIC_ONLY);
    // Assess
    expect(verdict).toEqual({ ok: false, reason: 'hooks.example.com is not an IP address' });
  });
});

describe('checkWebhookUrl', () => {
  it('accepts an https URL whose host resolves only to public addresses', async () => {
    // Prepare
    const lookup = fakeDns('93.184.216.34', '2606:4700::1111');
    // Act
    const verdict = await checkWebhookUrl('https://hooks.example.com/in', {
      ...PUBLIC_ONLY,
      lookup,
    });
    // Assess
    expect(verdict).toEqual({ ok: true });
    expect(lookup.calls).toEqual(['hooks.example.com']);
  });

  it('accepts a public IP literal without resolving anything', async () => {
    // Prepare
    const lookup = fakeDns();
    // Act
    const verdict = await checkWebhookUrl('https://93.184.216.34/in', { ...PUBLIC_ONLY, lookup });
    // Assess
    expect(verdict).toEqual({ ok: true });
    expect(lookup.calls).toEqual([]);
  });

  it('refuses plain http when loopback is not allowed', async () => {
    // Act
    const verdict = await checkWebhookUrl('http://hooks.example.com/in', {
      ...PUBLIC_ONLY,
      lookup: fakeDns('93.184.216.34'),
    });
    // Assess
    expect(verdict).toEqual({ ok: false, reason: 'the URL must use https' });
  });

  it('refuses plain http towards a public host even when loopback is allowed', async () => {
    // Act
    const verdict = await checkWebhookUrl('http://hooks.example.com/in', {
      ...LOCAL,
      lookup: fakeDns('93.184.216.34'),
    });
    // Assess
    expect(verdict).toEqual({ ok: false, reason: 'the URL must use https' });
  });

  it('accepts plain http towards loopback when loopback is allowed (the local stack)', async () => {
    // Act
    const verdict = await checkWebhookUrl('http://localhost:4000/in', {
      ...LOCAL,
      lookup: fakeDns('127.0.0.1', '::1'),
    });
    // Assess
    expect(verdict).toEqual({ ok: true });
  });

  it.each(['ftp://hooks.example.com/in', 'not a url'])('refuses %j', async (url) => {
    // Act
    const verdict = await checkWebhookUrl(url, { ...LOCAL, lookup: fakeDns('93.184.216.34') });
    // Assess
    expect(verdict.ok).toBe(false);
  });

  it('refuses a URL carrying a user name and password', async () => {
    // Act
    const verdict = await checkWebhookUrl('https://user:pw@hooks.example.com/in', {
      ...PUBLIC_ONLY,
      lookup: fakeDns('93.184.216.34'),
    });
    // Assess
    expect(verdict).toEqual({
      ok: false,
      reason: 'the URL must not carry a user name or password',
    });
  });

  it('refuses a host name that does not resolve', async () => {
    // Prepare
    const failing: LookupAll = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    // Act
    const unresolved = await checkWebhookUrl('https://nowhere.invalid/', {
      ...PUBLIC_ONLY,
      lookup: failing,
    });
    const empty = await checkWebhookUrl('https://empty.example.com/', {
      ...PUBLIC_ONLY,
      lookup: fakeDns(),
    });
    // Assess
    expect(unresolved).toEqual({ ok: false, reason: 'the host name does not resolve' });
    expect(empty).toEqual({ ok: false, reason: 'the host name does not resolve' });
  });

  it('refuses a host that resolves to a public and a private address', async () => {
    // Act
    const verdict = await checkWebhookUrl('https://hooks.example.com/in', {
      ...PUBLIC_ONLY,
      lookup: fakeDns('93.184.216.34', '10.0.0.1'),
    });
    // Assess
    expect(verdict).toEqual({ ok: false, reason: '10.0.0.1 is a private address' });
  });

  it.each([
    ['https://192.168.1.1/in', '192.168.1.1 is a private address'],
    ['https://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
    ['https://[::1]/', '::1 is a loopback address'],
    ['https://[fd00::1]:8443/', 'fd00::1 is a unique-local address'],
  ])('refuses the IP literal of %s', async (url, reason) => {
    // Act
    const verdict = await checkWebhookUrl(url, { ...PUBLIC_ONLY, lookup: fakeDns() });
    // Assess
    expect(verdict).toEqual({ ok: false, reason });
  });
});

describe('postWebhook against a local receiver', () => {
  it('POSTs the body with the caller’s and the site’s headers and gives the answer', async () => {
    // Prepare
    const target = await receiver((response) => response.writeHead(200).end('thanks'));
    // Act
    const result = await postWebhook({ url: target.url, ...message }, LOCAL);
    // Assess
    expect(result).toMatchObject({ kind: 'answered', status: 200, excerpt: 'thanks' });
    expect(result.latencyMs).toBeGreaterThan(0);
    expect(target.hits).toHaveLength(1);
    expect(target.hits[0]).toMatchObject({
      method: 'POST',
      body: message.body,
      headers: {
        'webhook-id': 'msg_1',
        'content-type': 'application/json',
        'content-length': String(message.body.length),
        'user-agent': 'Hatchworks-Webhooks/1',
      },
    });
  });

  it('keeps a content type the caller gave', async () => {
    // Prepare
    const target = await receiver((response) => response.writeHead(204).end());
    // Act
    await postWebhook(
      { url: target.url, headers: { 'Content-Type': 'text/plain' }, body: 'hi' },
      LOCAL,
    );
    // Assess
    expect(target.hits[0]?.headers['content-type']).toBe('text/plain');
  });

  it('gives a 500 as an answer with its body', async () => {
    // Prepare
    const target = await receiver((response) => response.writeHead(500).end('boom'));
    // Act
    const result = await postWebhook({ url: target.url, ...message }, LOCAL);
    // Assess
    expect(result).toMatchObject({ kind: 'answered', status: 500, excerpt: 'boom' });
  });

  it('follows no redirect: a 302 is the answer and its target gets nothing', async () => {
    // Prepare
    const elsewhere = await receiver((response) => response.writeHead(200).end());
    const target = await receiver((response) =>
      response.writeHead(302, { location: elsewhere.url }).end(),
    );
    // Act
    const result = await postWebhook({ url: target.url, ...message }, LOCAL);
    // Assess
    expect(result).toMatchObject({ kind: 'answered', status: 302 });
    expect(elsewhere.hits).toEqual([]);
  });

  it('gives up on a receiver that never answers once the timeout has passed', async () => {
    // Prepare
    const target = await receiver(() => undefined);
    // Act
    const result = await postWebhook({ url: target.url, ...message }, { ...LOCAL, timeoutMs: 300 });
    // Assess
    expect(result).toMatchObject({ kind: 'failed', reason: 'timed out after 0.3 s' });
    expect(result.latencyMs).toBeGreaterThanOrEqual(290);
    expect(result.latencyMs).toBeLessThan(1500);
  });

  it('reads only the start of an answer that streams 1 MB and never ends', async () => {
    // Prepare
    const target = await receiver((response) => {
      response.writeHead(200);
      response.write('x'.repeat(1024 * 1024));
    });
    // Act
    const result = await postWebhook(
      { url: target.url, ...message },
      { ...LOCAL, timeoutMs: 3000 },
    );
    // Assess
    expect(result).toMatchObject({ kind: 'answered', status: 200, excerpt: 'x'.repeat(500) });
    expect(result.latencyMs).toBeLessThan(1500);
  });

  it('replaces bytes that are not UTF-8 in the excerpt', async () => {
    // Prepare
    const target = await receiver((response) =>
      response.writeHead(200).end(Buffer.from([0x6f, 0x6b, 0xff])),
    );
    // Act
    const result = await postWebhook({ url: target.url, ...message }, LOCAL);
    // Assess
    expect(result).toMatchObject({ kind: 'answered', excerpt: 'ok\uFFFD' });
  });

  it('fails with the error code when nothing listens', async () => {
    // Prepare
    const port = await closedPort();
    // Act
    const result = await postWebhook({ url: `http://127.0.0.1:${port}/`, ...message }, LOCAL);
    // Assess
    expect(result).toMatchObject({ kind: 'failed', reason: 'ECONNREFUSED' });
  });

  it('refuses the loopback receiver when loopback is not allowed, sending nothing', async () => {
    // Prepare
    const target = await receiver((response) => response.writeHead(200).end());
    // Act
    const overHttp = await postWebhook({ url: target.url, ...message }, PUBLIC_ONLY);
    const overHttps = await postWebhook(
      { url: `https://127.0.0.1:${target.port}/`, ...message },
      PUBLIC_ONLY,
    );
    // Assess
    expect(overHttp).toMatchObject({ kind: 'refused', reason: 'the URL must use https' });
    expect(overHttps).toMatchObject({
      kind: 'refused',
      reason: '127.0.0.1 is a loopback address',
    });
    expect(target.hits).toEqual([]);
  });
});

describe('postWebhook checks the address when it connects', () => {
  it('reaches a named host through the lookup when its address is allowed', async () => {
    // Prepare
    const target = await receiver((response) => response.writeHead(200).end('ok'));
    const lookup = fakeDns('127.0.0.1');
    // Act
    const result = await postWebhook(
      { url: `http://hooks.test:${target.port}/`, ...message },
      { ...LOCAL, lookup },
    );
    // Assess
    expect(result).toMatchObject({ kind: 'answered', status: 200 });
    expect(lookup.calls).toEqual(['hooks.test']);
    expect(target.hits[0]?.headers.host).toBe(`hooks.test:${target.port}`);
  });

  it('refuses a name that resolves to loopback at connect time when loopback is not allowed', async () => {
    // Prepare
    const target = await receiver((response) => response.writeHead(200).end());
    const lookup = fakeDns('127.0.0.1');
    // Act
    const result = await postWebhook(
      { url: `https://hooks.test:${target.port}/`, ...message },
      { ...PUBLIC_ONLY, lookup },
    );
    // Assess
    expect(result).toMatchObject({ kind: 'refused', reason: '127.0.0.1 is a loopback address' });
    expect(lookup.calls).toEqual(['hooks.test']);
    expect(target.hits).toEqual([]);
  });

  it('refuses a name rebound to an internal address after it passed the save-time check', async () => {
    // Prepare
    const target = await receiver((response) => response.writeHead(200).end());
    const url = `https://hooks.test:${target.port}/`;
    const saved = await checkWebhookUrl(url, { ...PUBLIC_ONLY, lookup: fakeDns('93.184.216.34') });
    // Act
    const result = await postWebhook(
      { url, ...message },
      { ...PUBLIC_ONLY, lookup: fakeDns('93.184.216.34', '127.0.0.1') },
    );
    // Assess
    expect(saved).toEqual({ ok: true });
    expect(result).toMatchObject({ kind: 'refused', reason: '127.0.0.1 is a loopback address' });
    expect(target.hits).toEqual([]);
  });

  it('fails when the name no longer resolves', async () => {
    // Act
    const result = await postWebhook(
      { url: 'https://gone.test/', ...message },
      { ...PUBLIC_ONLY, lookup: fakeDns() },
    );
    // Assess
    expect(result).toMatchObject({ kind: 'failed', reason: 'the host name does not resolve' });
  });
});
