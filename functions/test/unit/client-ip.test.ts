import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientAddress, clientIp, clientKey, clientNetwork } from '../../src/lib/client-ip';
import { httpEvent } from '../support/events';

/** A request from `sourceIp` (the socket), optionally carrying CloudFront's viewer header. */
function from(sourceIp: string, viewer?: string): APIGatewayProxyEventV2 {
  const event = httpEvent({
    headers: viewer === undefined ? {} : { 'cloudfront-viewer-address': viewer },
  });
  return {
    ...event,
    requestContext: { ...event.requestContext, http: { ...event.requestContext.http, sourceIp } },
  };
}

describe('clientKey', () => {
  it.each([
    ['198.51.100.10', '198.51.100.10'],
    [' 198.51.100.10 ', '198.51.100.10'],
    ['::ffff:198.51.100.10', '198.51.100.10'],
    ['::FFFF:198.51.100.10', '198.51.100.10'],
    ['0:0:0:0:0:ffff:c633:640a', '198.51.100.10'],
    ['2001:db8:1:2::7', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:0:0:1', '2001:db8:1:2::/64'],
    ['[2001:db8:1:2::7]', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::198.51.100.10', '64:ff9b:0:0::/64'],
  ])('keys %s as %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });

  it('gives every address of one IPv6 /64 the same key, and the next /64 another', () => {
    const keys = [
      '2001:db8:a:b::1',
      '2001:db8:a:b:ffff:ffff:ffff:ffff',
      '2001:db8:a:b:1:2:3:4',
    ].map(clientKey);
    expect(new Set(keys).size).toBe(1);
    expect(clientKey('2001:db8:a:c::1')).not.toBe(keys[0]);
  });

  it('keeps text that is no address as it is, in lower case', () => {
    expect(clientKey('Not-An-Address')).toBe('not-an-address');
  });
});

describe('clientNetwork', () => {
  it.each([
    ['203.0.113.7', '203.0.113.0/24'],
    ['203.0.113.254', '203.0.113.0/24'],
    ['::ffff:203.0.113.7', '203.0.113.0/24'],
    ['127.12.34.5', '127.12.34.0/24'],
    ['2001:db8:1:2::7', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
  ])('puts %s in %s', (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });

  it('tells neighbouring IPv4 networks apart', () => {
    expect(clientNetwork('203.0.113.7')).not.toBe(clientNetwork('203.0.114.7'));
  });
});

describe('the client address of a request', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("is the socket's address, and ignores the viewer header without the origin lock", () => {
    const event = from('192.0.2.44', '198.51.100.10:46532');

    expect(clientAddress(event, { trustViewerAddress: false })).toBe('192.0.2.44');
    expect(clientIp(event, { trustViewerAddress: false })).toBe('192.0.2.44');
  });

  it('is the viewer address CloudFront reports, without its port, behind the origin lock', () => {
    const trusted = { trustViewerAddress: true };

    expect(clientIp(from('10.0.0.1', '198.51.100.10:46532'), trusted)).toBe('198.51.100.10');
    expect(clientIp(from('10.0.0.1', '2001:db8:1:2::7:443'), trusted)).toBe('2001:db8:1:2::/64');
    expect(clientAddress(from('10.0.0.1', '2001:db8:1:2::7:443'), trusted)).toBe('2001:db8:1:2::7');
    expect(clientAddress(from('10.0.0.1', '[2001:db8::9]:443'), trusted)).toBe('2001:db8::9');
    expect(clientAddress(from('10.0.0.1', '::ffff:198.51.100.10:443'), trusted)).toBe(
      '198.51.100.10',
    );
  });

  it("falls back to the socket's address when the viewer header is missing or not an address", () => {
    const trusted = { trustViewerAddress: true };

    expect(clientAddress(from('192.0.2.44'), trusted)).toBe('192.0.2.44');
    expect(clientAddress(from('192.0.2.44', 'evil:443'), trusted)).toBe('192.0.2.44');
    expect(clientAddress(from('192.0.2.44', ''), trusted)).toBe('192.0.2.44');
  });

  it('gives an IPv4-mapped socket address as IPv4 (a dual-stack listener reports those)', () => {
    expect(clientAddress(from('::ffff:127.0.0.7'), { trustViewerAddress: false })).toBe(
      '127.0.0.7',
    );
  });

  it('believes the viewer header exactly when ORIGIN_VERIFY_SECRET is configured', async () => {
    // Prepare: the configuration is read once per cold start, so each case gets fresh modules.
    const event = from('10.0.0.1', '198.51.100.10:46532');
    const coldStart = async () => {
      vi.resetModules();
      return import('../../src/lib/client-ip');
    };

    // Act
    const unlocked = (await coldStart()).clientIp(event);
    vi.stubEnv('ORIGIN_VERIFY_SECRET', 'a-secret-only-cloudfront-knows-and-sends');
    const locked = (await coldStart()).clientIp(event);

    // Assess
    expect(unlocked).toBe('10.0.0.1');
    expect(locked).toBe('198.51.100.10');
  });
});
