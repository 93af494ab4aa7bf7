import { QueryClient } from '@tanstack/react-query';
import { TIMING } from '@hatchworks/shared/constants';
import { isClientError } from './api-error';

/** Failed attempts after the first one before a query gives up. */
export const MAX_QUERY_RETRIES = 3;

/**
 * Retry predicate of every query: a 4xx answer will not change by asking again, anything else
 * (network, timeout, 5xx) gets up to three more tries.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isClientError(error)) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

/** Exponential backoff from half a second, capped, so a failing page settles within seconds. */
export function queryRetryDelay(attemptIndex: number): number {
  return Math.min(500 * 2 ** attemptIndex, 8_000);
}

/** Cache timing of project data (cached 5 minutes, unused cache kept 10 minutes). */
export const PROJECT_QUERY_TIMING = {
  staleTime: TIMING.projectsStaleMs,
  gcTime: TIMING.projectsCacheMs,
} as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
