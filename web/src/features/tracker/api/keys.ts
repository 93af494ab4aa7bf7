import type { TrackerRequestFilter } from '../utils/request-filters';

/**
 * Query keys of the public tracker, all under 'tracker': a submission or a vote invalidates
 * `trackerKeys.all` and every tracker list, the stats and the activity reload.
 */
export const trackerKeys = {
  all: ['tracker'] as const,
  stats: () => [...trackerKeys.all, 'stats'] as const,
  requests: () => [...trackerKeys.all, 'feature-requests'] as const,
  requestList: (filter: TrackerRequestFilter, pageSize: number) =>
    [...trackerKeys.requests(), 'list', { ...filter, pageSize }] as const,
  /** The dashboard's lists and any other filtered read of requests, by their query. */
  requestQuery: (query: Readonly<Record<string, unknown>>) =>
    [...trackerKeys.requests(), 'query', query] as const,
  suggestions: () => [...trackerKeys.all, 'project-suggestions'] as const,
  /** One view of the suggestions page, by its API query (search term included). */
  suggestionList: (query: Readonly<Record<string, unknown>>) =>
    [...trackerKeys.suggestions(), 'list', query] as const,
  activity: (query: Readonly<Record<string, unknown>> = {}) =>
    [...trackerKeys.all, 'activity', query] as const,
};
