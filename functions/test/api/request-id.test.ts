import { describe, expect, it } from 'vitest';
import { api } from '../../../test/support/api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the request id of every API answer', () => {
  it('returns a new x-request-id on each request, the same as API Gateway’s apigw-requestid', async () => {
    // Act
    const first = await api('/api/health');
    const second = await api('/api/health');
    // Assess
    expect(first.status).toBe(200);
    const ids = [first, second].map((answer) => answer.headers.get('x-request-id'));
    expect(ids[0]).toMatch(UUID);
    expect(ids[1]).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
    expect(first.headers.get('apigw-requestid')).toBe(ids[0]);
  });

  it('returns it on errors too: a validation error, an unknown path and the raw Atom feed', async () => {
    // Act
    const invalid = await api('/api/auth/login', { method: 'POST', json: {} });
    const unknown = await api('/api/nope');
    const feed = await api('/changelog.xml');
    // Assess
    expect(invalid.status).toBe(400);
    expect(unknown.status).toBe(404);
    expect(feed.status).toBe(200);
    for (const answer of [invalid, unknown, feed]) {
      expect(answer.headers.get('x-request-id')).toMatch(UUID);
      expect(answer.headers.get('x-request-id')).toBe(answer.headers.get('apigw-requestid'));
    }
  });
});
