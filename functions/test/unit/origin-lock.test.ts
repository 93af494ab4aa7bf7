import middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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

describe("the request line's client address behind the origin lock", () => {
  /** An edge server of CloudFront's: what API Gateway sees as the connection's address. */
  const EDGE = '130.176.212.15';
  const VIEWER = '198.51.100.7';

  const requestLine = async (headers: Record<string, string>) => {
    const lines: Record<string, unknown>[] = [];
    vi.stubEnv('LOG_LEVEL', 'INFO');
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      return true;
    });
    const event = httpEvent({ routeKey: 'GET /api/health', headers });
    const edge = { ...event.requestContext.http, sourceIp: EDGE };
    await seenHeaders(
      { ...event, requestContext: { ...event.requestContext, http: edge } },
      lambdaContext,
    );
    return lines.find((line) => line.message === 'request');
  };

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it("is CloudFront's viewer address, not the edge's, for a request through CloudFront", async () => {
    // Act
    const line = await requestLine({
      'x-origin-verify': SECRET,
      'cloudfront-viewer-address': `${VIEWER}:51234`,
    });
    // Assess: what docs/operations.md's search by client address finds
    expect(line).toMatchObject({ status: 200, client: VIEWER });
  });

  it('is the connection’s own for a refused request, whatever viewer address it claims', async () => {
    // Act
    const line = await requestLine({ 'cloudfront-viewer-address': '203.0.113.9:443' });
    // Assess
    expect(line).toMatchObject({ status: 403, client: EDGE });
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
