import { describe, expect, it } from 'vitest';
import { TIMING } from '@hatchworks/shared/constants';
import { ApiError } from '../../src/lib/api-error';
import { PROJECT_QUERY_TIMING, shouldRetryQuery } from '../../src/lib/query-client';

const apiError = (status: number) => new ApiError('failed', { status, code: 'X' });

describe('Query retry policy', () => {
  it('does not retry a 4xx ApiError', () => {
    // Prepare
    const errors = [apiError(400), apiError(401), apiError(404), apiError(429)];

    // Act
    const verdicts = errors.map((error) => shouldRetryQuery(0, error));

    // Assess
    expect(verdicts).toEqual([false, false, false, false]);
  });

  it('retries server, network and unknown errors up to 3 times', () => {
    // Prepare
    const errors = [apiError(500), apiError(0), new Error('offline')];

    // Act
    const verdicts = errors.map((error) => [0, 1, 2, 3].map((n) => shouldRetryQuery(n, error)));

    // Assess
    for (const perAttempt of verdicts) expect(perAttempt).toEqual([true, true, true, false]);
  });

  it('caches project data 5 minutes and keeps unused data 10 minutes', () => {
    // Prepare / Act
    const timing = PROJECT_QUERY_TIMING;

    // Assess
    expect(timing).toEqual({ staleTime: TIMING.projectsStaleMs, gcTime: TIMING.projectsCacheMs });
    expect(timing.staleTime).toBe(300_000);
    expect(timing.gcTime).toBe(600_000);
  });
});
