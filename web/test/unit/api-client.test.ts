import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { successEnvelope } from '@hatchworks/shared/schemas/envelope';
import { ProjectListSchema } from '@hatchworks/shared/schemas/projects';
import { apiRequest, configureApiClient, setAccessTokenProvider } from '../../src/lib/api-client';
import { ApiError } from '../../src/lib/api-error';
import { retryAfterMs } from '../../src/lib/keyed-retry';

const schema = successEnvelope(ProjectListSchema);
const options = { schema, fallbackMessage: 'Failed to fetch projects' };
const jsonResponse = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json' },
    ...init,
  });

describe('API client', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    configureApiClient({ baseUrl: '/api/', timeoutMs: 10_000 });
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    setAccessTokenProvider(undefined);
  });

  it('calls the configured base URL and returns the checked envelope', async () => {
    // Prepare
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: { projects: [] } }));

    // Act
    const envelope = await apiRequest('/projects', {
      ...options,
      query: { limit: 5, cursor: undefined },
    });

    // Assess
    expect(envelope.data.projects).toEqual([]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/projects?limit=5');
  });

  it('sends the bearer token when the provider has one', async () => {
    // Prepare
    setAccessTokenProvider(() => Promise.resolve('token-123'));
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: { projects: [] } }));

    // Act
    await apiRequest('/projects', options);

    // Assess
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-123');
  });

  it("sends a caller's extra headers, e.g. Idempotency-Key, beside the token", async () => {
    // Prepare
    setAccessTokenProvider(() => Promise.resolve('token-123'));
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: { projects: [] } }));

    // Act
    await apiRequest('/projects', {
      ...options,
      method: 'POST',
      body: {},
      headers: { 'Idempotency-Key': 'key-1', Authorization: 'Bearer forged' },
    });

    // Assess
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Idempotency-Key')).toBe('key-1');
    expect(headers.get('Authorization')).toBe('Bearer token-123');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('proceeds without a token when fetching the token fails', async () => {
    // Prepare
    setAccessTokenProvider(() => Promise.reject(new Error('login required')));
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: { projects: [] } }));

    // Act
    await apiRequest('/projects', options);

    // Assess
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.has('Authorization')).toBe(false);
  });

  it('throws the mapped error for a failure answer', async () => {
    // Prepare
    fetchMock.mockResolvedValue(
      jsonResponse(
        { success: false, error: 'boom', code: 'SERVER_ERROR' },
        { status: 500, statusText: 'Internal Server Error' },
      ),
    );

    // Act
    const failure = apiRequest('/projects', options);

    // Assess
    await expect(failure).rejects.toMatchObject({
      message: 'Server error occurred. Please try again later.',
      status: 500,
    });
  });

  it('reports a network failure with code NETWORK_ERROR and the catalogue message', async () => {
    // Prepare
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    // Act
    const failure = apiRequest('/projects', options);

    // Assess
    await expect(failure).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'Network connection failed. Please check your internet connection.',
      status: 0,
    });
  });

  it('gives up with "Request timed out" when the answer takes too long', async () => {
    // Prepare
    configureApiClient({ timeoutMs: 20 });
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );

    // Act
    const failure = apiRequest('/projects', options);

    // Assess
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ message: 'Request timed out' });
  });

  describe('a call with an Idempotency-Key', () => {
    const keyed = {
      ...options,
      method: 'POST' as const,
      body: {},
      headers: { 'Idempotency-Key': 'k-1' },
    };
    const busy = (retryAfter?: string) =>
      jsonResponse(
        {
          success: false,
          error: 'The server is busy. Try again in a moment.',
          code: 'SERVER_BUSY',
        },
        { status: 503, ...(retryAfter ? { headers: { 'Retry-After': retryAfter } } : {}) },
      );
    const sentKeys = () =>
      fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));

    beforeEach(() => {
      vi.useFakeTimers();
    });

    afterEach(() => {
      vi.useRealTimers();
    });

    it('is repeated with the same key after a 503, once its Retry-After has passed', async () => {
      // Prepare
      fetchMock
        .mockResolvedValueOnce(busy('2'))
        .mockResolvedValueOnce(jsonResponse({ success: true, data: { projects: [] } }));

      // Act
      const envelope = apiRequest('/projects', keyed);
      await vi.advanceTimersByTimeAsync(1_999);
      const callsBeforeRetryAfter = fetchMock.mock.calls.length;
      await vi.advanceTimersByTimeAsync(1);

      // Assess
      expect((await envelope).data.projects).toEqual([]);
      expect(callsBeforeRetryAfter).toBe(1);
      expect(sentKeys()).toEqual(['k-1', 'k-1']);
    });

    it('is repeated after a network failure, three attempts in all, then fails', async () => {
      // Prepare
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

      // Act
      const failure = apiRequest('/projects', keyed).catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(10_000);

      // Assess
      expect(await failure).toMatchObject({ code: 'NETWORK_ERROR' });
      expect(sentKeys()).toEqual(['k-1', 'k-1', 'k-1']);
    });

    it('is not repeated after a 4xx or a 500 answer, and a call without a key never is', async () => {
      // Prepare
      fetchMock
        .mockResolvedValueOnce(
          jsonResponse({ success: false, error: 'Invalid egg amount' }, { status: 400 }),
        )
        .mockResolvedValueOnce(
          jsonResponse({ success: false, error: 'boom', code: 'SERVER_ERROR' }, { status: 500 }),
        )
        .mockResolvedValueOnce(busy('1'));

      // Act
      const refused = apiRequest('/projects', keyed);
      const failed = apiRequest('/projects', keyed);
      const unkeyed = apiRequest('/projects', { ...options, method: 'POST', body: {} });

      // Assess
      await expect(refused).rejects.toMatchObject({ status: 400 });
      await expect(failed).rejects.toMatchObject({ status: 500 });
      await expect(unkeyed).rejects.toMatchObject({ status: 503 });
      expect(fetchMock).toHaveBeenCalledTimes(3);
    });

    it('waits what Retry-After asks for, at most 5 s, and 1 s when it names nothing', () => {
      expect(retryAfterMs('2')).toBe(2_000);
      expect(retryAfterMs('3600')).toBe(5_000);
      expect(retryAfterMs(new Date(10_000).toUTCString(), 7_000)).toBe(3_000);
      expect(retryAfterMs(null)).toBe(1_000);
      expect(retryAfterMs('soon')).toBe(1_000);
    });
  });

  it('uses the fallback message when a 2xx body has the wrong shape', async () => {
    // Prepare
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: { nope: 1 } }));

    // Act
    const failure = apiRequest('/projects', options);

    // Assess
    await expect(failure).rejects.toMatchObject({ message: 'Failed to fetch projects' });
  });
});
