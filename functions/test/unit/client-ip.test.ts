import { describe, expect, it } from 'vitest';
import { clientIp } from '../../src/lib/client-ip';
import { httpEvent } from '../support/events';

describe('the client IP of a request', () => {
  it('is the viewer address CloudFront reports, without its port', () => {
    expect(
      clientIp(httpEvent({ headers: { 'cloudfront-viewer-address': '198.51.100.10:46532' } })),
    ).toBe('198.51.100.10');
    expect(
      clientIp(httpEvent({ headers: { 'cloudfront-viewer-address': '2001:db8::7:443' } })),
    ).toBe('2001:db8::7');
  });

  it("is API Gateway's source IP without CloudFront", () => {
    expect(clientIp(httpEvent({ headers: {} }))).toBe('127.0.0.1');
  });
});
