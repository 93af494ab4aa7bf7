import { afterEach, describe, expect, it, vi } from 'vitest';
import { s3Object } from '../../src/modules/search/s3-object';

describe('the search snapshot S3 calls', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('sign GET and conditional PUT with SigV4 for s3 in the function region', async () => {
    // Arrange
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY');
    vi.stubEnv('AWS_SESSION_TOKEN', 'session-token');
    const sent: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        sent.push({ url, init });
        return Promise.resolve(
          new Response(init.method === 'GET' ? '{"x":1}' : '', {
            status: 200,
            headers: { etag: '"abc"' },
          }),
        );
      }),
    );
    const object = s3Object('snapshots-bucket');

    // Act
    const got = await object.get('search/index.json', '"old"');
    const put = await object.put('search/index.json', '{"x":2}', '"abc"');
    const created = await object.put('search/index.json', '{"x":3}', null);

    // Assess
    expect(got).toEqual({ status: 200, etag: '"abc"', body: '{"x":1}' });
    expect(put).toEqual({ status: 200, etag: '"abc"', body: '' });
    expect(created.status).toBe(200);
    expect(sent.map(({ url }) => url)).toEqual(
      Array(3).fill('https://snapshots-bucket.s3.us-east-1.amazonaws.com/search/index.json'),
    );
    const headers = sent.map(({ init }) => init.headers as Record<string, string>);
    for (const each of headers) {
      expect(each.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=.*host.*x-amz-content-sha256.*, Signature=[0-9a-f]{64}$/,
      );
      expect(each['x-amz-security-token']).toBe('session-token');
      expect(each.host).toBeUndefined();
    }
    expect(headers[0]!['if-none-match']).toBe('"old"');
    expect(headers[1]!['if-match']).toBe('"abc"');
    expect(headers[1]!['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$/);
    expect(headers[2]!['if-none-match']).toBe('*');
    expect(sent[1]!.init.body).toBe('{"x":2}');
  });
});
