import { describe, expect, it } from 'vitest';
import * as z from '@hatchworks/shared/zod';
import { AppError, NotFoundError } from '../../src/lib/errors';
import { httpHandler } from '../../src/http/http-handler';
import { created, page } from '../../src/http/response';
import { httpEvent, lambdaContext } from '../support/events';

const parse = (result: unknown) => {
  const response = result as { statusCode: number; headers: Record<string, string>; body: string };
  return { ...response, json: JSON.parse(response.body) as Record<string, unknown> };
};

const echo = httpHandler({
  body: z.object({
    title: z.string().check(z.trim(), z.minLength(1)),
    count: z.optional(z.number().check(z.int())),
  }),
  query: z.object({ verbose: z._default(z.enum(['yes', 'no']), 'no') }),
  handler: async ({ body, query }) => ({ title: body.title, verbose: query.verbose }),
});

describe('the standard handler chain', () => {
  it('wraps what a handler returns in {success: true, data}', async () => {
    const response = parse(await echo(httpEvent({ body: '{"title":" Hello "}' }), lambdaContext));

    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ success: true, data: { title: 'Hello', verbose: 'no' } });
    expect(response.headers['content-type']).toMatch(/application\/json/);
  });

  it('answers 201 for created() and adds next_cursor for page()', async () => {
    const create = httpHandler({ handler: async () => created({ id: 'a' }) });
    const list = httpHandler({ handler: async () => page({ items: [] }, null) });

    expect(parse(await create(httpEvent(), lambdaContext)).statusCode).toBe(201);
    expect(parse(await list(httpEvent(), lambdaContext)).json).toEqual({
      success: true,
      data: { items: [] },
      next_cursor: null,
    });
  });

  it('rejects an invalid body with 400 VALIDATION_ERROR and field details', async () => {
    const response = parse(
      await echo(httpEvent({ body: '{"title":"  ","count":1.5}' }), lambdaContext),
    );

    expect(response.statusCode).toBe(400);
    expect(response.json).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      error: 'Invalid input data.',
    });
    expect(
      (response.json.details as { field: string }[]).map((detail) => detail.field).sort(),
    ).toEqual(['count', 'title']);
  });

  it('rejects a missing body as a validation error of the body', async () => {
    const response = parse(await echo(httpEvent(), lambdaContext));

    expect(response.statusCode).toBe(400);
    expect(response.json.details).toEqual([{ field: 'body', message: expect.any(String) }]);
  });

  it('rejects malformed JSON with 400 VALIDATION_ERROR', async () => {
    const response = parse(await echo(httpEvent({ body: '{"title":' }), lambdaContext));

    expect(response.statusCode).toBe(400);
    expect(response.json).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'body', message: 'Malformed JSON body' }],
    });
  });

  it('rejects a body that is not JSON with 415', async () => {
    const event = httpEvent({
      body: 'title=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const response = parse(await echo(event, lambdaContext));

    expect(response.statusCode).toBe(415);
    expect(response.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('rejects a body over 64 KiB with 413 before parsing it', async () => {
    const body = JSON.stringify({ title: 'x'.repeat(70 * 1024) });
    const response = parse(await echo(httpEvent({ body }), lambdaContext));

    expect(response.statusCode).toBe(413);
    expect(response.json).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('validates query parameters', async () => {
    const event = httpEvent({ body: '{"title":"a"}', queryStringParameters: { verbose: 'maybe' } });
    const response = parse(await echo(event, lambdaContext));

    expect(response.statusCode).toBe(400);
    expect(response.json.details).toEqual([{ field: 'verbose', message: expect.any(String) }]);
  });

  it('answers an AppError with its status, code and message', async () => {
    const missing = httpHandler({
      handler: async () => {
        throw new NotFoundError();
      },
    });
    const limited = httpHandler({
      handler: async () => {
        throw new AppError(429, 'RATE_LIMITED', 'Slow down', { headers: { 'retry-after': '7' } });
      },
    });

    expect(parse(await missing(httpEvent(), lambdaContext)).json).toEqual({
      success: false,
      error: 'Resource not found.',
      code: 'NOT_FOUND',
    });
    const response = parse(await limited(httpEvent(), lambdaContext));
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('7');
  });

  it('turns an unexpected error into a bare 500 with no stack or internals', async () => {
    const crash = httpHandler({
      handler: async () => {
        throw new Error('connect ECONNREFUSED 10.0.0.1:8000 at secret-table');
      },
    });

    const response = parse(await crash(httpEvent(), lambdaContext));

    expect(response.statusCode).toBe(500);
    expect(response.json).toEqual({
      success: false,
      error: 'Server error occurred. Please try again later.',
      code: 'SERVER_ERROR',
    });
    expect(response.body).not.toMatch(/ECONNREFUSED|secret-table|at /);
  });

  it('answers 503 with Retry-After, never 500, when the handler runs into the time limit', async () => {
    const slow = httpHandler({
      handler: () => new Promise((resolve) => setTimeout(() => resolve({ late: true }), 1_000)),
    });
    const nearLimit = { ...lambdaContext, getRemainingTimeInMillis: () => 1_050 };

    const response = parse(await slow(httpEvent(), nearLimit));

    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json).toEqual({
      success: false,
      error: 'The server is busy. Try again in a moment.',
      code: 'SERVER_BUSY',
    });
  });
});

describe('the access guard', () => {
  it('fails closed when a protected route is served by a handler that cannot identify callers', async () => {
    const profile = httpHandler({ handler: async () => ({ secret: true }) });
    const event = httpEvent({ routeKey: 'GET /api/user/profile' });

    const response = parse(await profile(event, lambdaContext));

    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
  });

  it('refuses a route that is not in the manifest', async () => {
    const stray = httpHandler({ handler: async () => ({ ok: true }) });

    const response = parse(
      await stray(httpEvent({ routeKey: 'GET /api/unlisted' }), lambdaContext),
    );

    expect(response.statusCode).toBe(500);
  });
});
