import { beforeEach, describe, expect, it } from 'vitest';
import { TRACKER_RATE_LIMITS } from '@hatchworks/shared/schemas/tracker';
import { freshClientAddress } from '../../../test/support/client-addresses';
import { TrackerClient, awayFromWindowEdge, requestInput } from '../../../test/support/tracker';

/** A cookie-less submission from `address` that claims to come from `viewer` through CloudFront. */
const submitClaiming = (address: string, viewer: string, extra: Record<string, string> = {}) =>
  new TrackerClient(undefined, address).call('/api/tracker/feature-requests', {
    method: 'POST',
    json: requestInput(),
    headers: { 'cloudfront-viewer-address': `${viewer}:443`, ...extra },
  });

describe('the client a per-client limit sees on the local stack', () => {
  beforeEach(async () => {
    await awayFromWindowEdge();
  }, 60_000);

  it('is the socket address: forged CloudFront-Viewer-Address headers do not make new clients', async () => {
    // Prepare: one machine posing as a different viewer on every request.
    const address = freshClientAddress();
    const limit = TRACKER_RATE_LIMITS.submissionsPerAddress;
    const accepted = [];
    for (let i = 0; i < limit; i += 1) {
      accepted.push((await submitClaiming(address, `203.0.113.${i + 1}`)).status);
    }
    // Act
    const refused = await submitClaiming(address, '198.51.100.200', {
      'x-origin-verify': 'forged',
    });
    // Assess
    expect(accepted).toEqual(Array.from({ length: limit }, () => 201));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
  });

  it('counts another socket address apart, whatever viewer it claims', async () => {
    // Prepare: the first address uses up its allowance.
    const first = freshClientAddress();
    const limit = TRACKER_RATE_LIMITS.submissionsPerAddress;
    for (let i = 0; i < limit; i += 1) await submitClaiming(first, '203.0.113.9');
    // Act
    const fromAnother = await submitClaiming(freshClientAddress(), '203.0.113.9');
    // Assess
    expect((await submitClaiming(first, '203.0.113.10')).status).toBe(429);
    expect(fromAnother.status).toBe(201);
  });
});
