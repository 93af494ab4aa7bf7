import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from '@hatchworks/shared/zod';
import { logger } from '../../src/lib/logger';
import { httpHandler } from '../../src/http/http-handler';
import { rawResult } from '../../src/http/response';
import { httpEvent, lambdaContext } from '../support/events';

/** A payload-2.0 event with API Gateway's request id `requestId`. */
const eventWithId = (requestId: string, overrides: Partial<APIGatewayProxyEventV2> = {}) => {
  const event = httpEvent(overrides);
  return { ...event, requestContext: { ...event.requestContext, requestId } };
};

const contextWithId = (awsRequestId: string): Context => ({ ...lambdaContext, awsRequestId });

type Result = { statusCode: number; headers: Record<string, string>; body: string };

describe('the request id on log lines and responses', () => {
  let lines: Record<string, unknown>[];
  const capture = (chunk: unknown) => {
    lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
    return true;
  };

  beforeEach(() => {
    lines = [];
    vi.stubEnv('LOG_LEVEL', 'INFO');
    vi.spyOn(process.stdout, 'write').mockImplementation(capture);
    vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('tags every line of an invocation with its own ids, and the next invocation with its own', async () => {
    // Arrange: one module, invoked twice in a row, as a warm Lambda is
    const handler = httpHandler({
      handler: async () => {
        logger.info('working', { step: 1 });
        return { ok: true };
      },
    });
    // Act
    const first = (await handler(eventWithId('apigw-1'), contextWithId('lambda-1'))) as Result;
    const afterFirst = lines.length;
    const second = (await handler(eventWithId('apigw-2'), contextWithId('lambda-2'))) as Result;
    // Assess
    expect(first.headers['x-request-id']).toBe('apigw-1');
    expect(second.headers['x-request-id']).toBe('apigw-2');
    expect(lines.map((line) => line.message)).toEqual(['working', 'request', 'working', 'request']);
    for (const line of lines.slice(0, afterFirst)) {
      expect(line).toMatchObject({ request_id: 'apigw-1', lambda_request_id: 'lambda-1' });
    }
    for (const line of lines.slice(afterFirst)) {
      expect(line).toMatchObject({ request_id: 'apigw-2', lambda_request_id: 'lambda-2' });
    }
  });

  it('tags the error line of a crash and returns the id on the 500', async () => {
    // Arrange
    const crash = httpHandler({
      handler: async () => {
        throw new Error('boom');
      },
    });
    // Act
    const response = (await crash(eventWithId('apigw-err'), lambdaContext)) as Result;
    // Assess: one bare JSON line on stderr (no console prefix), with the id and the stack
    expect(response.statusCode).toBe(500);
    expect(response.headers['x-request-id']).toBe('apigw-err');
    const failed = lines.find((line) => line.message === 'request failed');
    expect(failed).toMatchObject({
      level: 'ERROR',
      request_id: 'apigw-err',
      error: { name: 'Error', message: 'boom', stack: expect.stringContaining('boom') },
    });
    expect(process.stderr.write).toHaveBeenCalledWith(expect.stringMatching(/^\{"level":"ERROR"/));
  });

  it('returns the id on a 4xx and on a raw answer, leaving the handler’s headers alone', async () => {
    // Arrange
    const feedHeaders = { 'content-type': 'application/atom+xml' };
    const feed = httpHandler({ handler: async () => rawResult(200, feedHeaders, '<feed/>') });
    const strict = httpHandler({ handler: async () => ({}) });
    // Act
    const raw = (await feed(eventWithId('apigw-raw'), lambdaContext)) as Result;
    const rejected = (await strict(
      eventWithId('apigw-415', { body: 'x', headers: { 'content-type': 'text/plain' } }),
      lambdaContext,
    )) as Result;
    // Assess
    expect(raw.headers).toEqual({ ...feedHeaders, 'x-request-id': 'apigw-raw' });
    expect(feedHeaders).toEqual({ 'content-type': 'application/atom+xml' });
    expect(rejected.statusCode).toBe(415);
    expect(rejected.headers['x-request-id']).toBe('apigw-415');
    expect(lines.find((line) => line.message === 'request rejected')).toMatchObject({
      request_id: 'apigw-415',
    });
  });

  it('keeps concurrent invocations apart (the local gateway runs every handler in one process)', async () => {
    // Arrange: the first request is still running when the second logs
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handler = httpHandler({
      handler: async ({ event }) => {
        if (event.requestContext.requestId === 'slow') await gate;
        logger.info('done');
        return null;
      },
    });
    // Act
    const slow = handler(eventWithId('slow'), lambdaContext);
    await handler(eventWithId('fast'), lambdaContext);
    release();
    await slow;
    // Assess
    const done = lines.filter((line) => line.message === 'done');
    expect(done.map((line) => line.request_id)).toEqual(['fast', 'slow']);
  });

  it('writes no request id on lines outside a request', () => {
    // Act
    logger.warn('cold start note');
    // Assess
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toHaveProperty('request_id');
    expect(lines[0]).toMatchObject({ level: 'WARN', message: 'cold start note' });
  });
});

describe('the JSON body parsing of the chain', () => {
  const echo = httpHandler({ body: z.unknown(), handler: async ({ body }) => body });
  const send = async (event: APIGatewayProxyEventV2) =>
    JSON.parse(((await echo(event, lambdaContext)) as Result).body) as Record<string, unknown>;

  it('reads a `+json` type with parameters and a base64-encoded body', async () => {
    // Act
    const vendor = await send(
      httpEvent({
        body: '{"a":1}',
        headers: { 'content-type': 'application/vnd.api+json; charset=utf-8' },
      }),
    );
    const encoded = await send(
      httpEvent({ body: Buffer.from('{"b":"é"}').toString('base64'), isBase64Encoded: true }),
    );
    // Assess
    expect(vendor).toEqual({ success: true, data: { a: 1 } });
    expect(encoded).toEqual({ success: true, data: { b: 'é' } });
  });

  it('refuses a body without a content type with 415', async () => {
    // Act
    const refused = await send(httpEvent({ body: '{"a":1}', headers: {} }));
    // Assess
    expect(refused).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(refused.error).toBe('Content-Type must be application/json');
  });
});
