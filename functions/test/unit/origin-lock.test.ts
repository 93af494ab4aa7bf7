import middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { httpHandler } from '../../src/http/http-handler';
import { DIRECT_ACCESS_REFUSED, originLock } from '../../src/http/origin-lock';
import { httpEvent, lambdaContext } from '../support/events';

const SECRET = 'origin-secret-of-at-least-32-characters-0123';

beforeAll(() => {
  // As on AWS: the functions get the value CloudFront sends (read on the first request).
  process.env.ORIGIN_VERIFY_SECRET = SECRET;
});

/** What the handler saw of the request's headers, or the error answer. */
const seenHeaders = httpHandler({
  handler: async ({ event }) => ({ headers: Object.keys(event.headers).sort() }),
});

const call = async (headers: Record<string, string>) => {
  const event = httpEvent({
    routeKey: 'GET /api/health',
    headers: { 'content-type': 'application/json', ...headers },
  });
  const response = (await seenHeaders(event, lambdaContext)) as {
    statusCode: number;
    body: string;
  };
  return {
    status: response.statusCode,
    json: JSON.parse(response.body) as Record<string, unknown>,
  };
};

describe('the origin lock (ORIGIN_VERIFY_SECRET set, as on AWS)', () => {
  it('answers 403 JSON to a request without x-origin-verify', async () => {
    // Act
    const answer = await call({ 'cloudfront-viewer-address': '198.51.100.7:443' });
    // Assess
    expect(answer).toEqual({
      status: 403,
      json: { success: false, code: 'FORBIDDEN', error: DIRECT_ACCESS_REFUSED },
    });
  });

  it('answers 403 JSON to a request with a wrong x-origin-verify', async () => {
    const answers = await Promise.all(
      [`${SECRET}x`, SECRET.slice(1), '', SECRET.toUpperCase()].map((value) =>
        call({ 'x-origin-verify': value }),
      ),
    );

    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403]);
  });

  it('lets a request with the right header through, without the header', async () => {
    // Act
    const answer = await call({ 'x-origin-verify': SECRET });
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.json.data).toEqual({ headers: ['content-type'] });
  });
});

describe('the origin lock without ORIGIN_VERIFY_SECRET (locally)', () => {
  const unlocked = middy(async (event: APIGatewayProxyEventV2) => ({
    headers: Object.keys(event.headers),
  })).use(originLock({ secret: async () => undefined }));

  it('lets every request through and still drops the header', async () => {
    // Act
    const seen = await unlocked(
      httpEvent({ headers: { 'x-origin-verify': 'anything', accept: '*/*' } }),
      lambdaContext,
    );
    // Assess
    expect(seen.headers).toEqual(['accept']);
  });
});
