import {
  TRACKER_CATEGORIES,
  TRACKER_DEFAULTS,
  TRACKER_LIMITS,
  TRACKER_PRIORITIES,
  TRACKER_REQUEST_SORTS,
  TRACKER_STATUSES,
  type TrackerCategory,
  type TrackerPriority,
  type TrackerRequestSort,
  type TrackerStatus,
} from '@hatchworks/shared/schemas/tracker';
import { SEARCH_PARAM, normalizeSearchQuery } from '../../../lib/search-query';

/** How many requests /tracker/requests loads per page ('Load More Requests' adds the next). */
export const REQUESTS_PAGE_SIZE = 20;

export type SortDirection = 'asc' | 'desc';

/** What /tracker/requests shows: each filter absent means "all"; the sort always has a value. */
export interface TrackerRequestFilter {
  readonly project?: string;
  readonly status?: TrackerStatus;
  readonly priority?: TrackerPriority;
  readonly category?: TrackerCategory;
  readonly sort: TrackerRequestSort;
  readonly direction: SortDirection;
  /** The search term: results by relevance, the sort set aside; absent for none. */
  readonly q?: string;
}

export const DEFAULT_REQUEST_FILTER: TrackerRequestFilter = {
  sort: TRACKER_DEFAULTS.sortBy,
  direction: TRACKER_DEFAULTS.sortDirection,
};

/** The URL query parameters of each filter. */
export const FILTER_PARAMS = {
  project: 'project',
  status: 'status',
  priority: 'priority',
  category: 'category',
  sort: 'sort',
  direction: 'direction',
  q: SEARCH_PARAM,
} as const satisfies Record<keyof TrackerRequestFilter, string>;

const SORT_DIRECTIONS = ['asc', 'desc'] as const satisfies readonly SortDirection[];

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

function projectId(value: string | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= TRACKER_LIMITS.idMax ? trimmed : undefined;
}

/**
 * The view a URL asks for: known values are taken, anything else (a typo, an old link) falls back
 * to "all" or the default sort rather than to an error.
 */
export function parseRequestFilter(params: URLSearchParams): TrackerRequestFilter {
  return {
    project: projectId(params.get(FILTER_PARAMS.project)),
    status: oneOf(TRACKER_STATUSES, params.get(FILTER_PARAMS.status)),
    priority: oneOf(TRACKER_PRIORITIES, params.get(FILTER_PARAMS.priority)),
    category: oneOf(TRACKER_CATEGORIES, params.get(FILTER_PARAMS.category)),
    sort:
      oneOf(TRACKER_REQUEST_SORTS, params.get(FILTER_PARAMS.sort)) ?? DEFAULT_REQUEST_FILTER.sort,
    direction:
      oneOf(SORT_DIRECTIONS, params.get(FILTER_PARAMS.direction)) ??
      DEFAULT_REQUEST_FILTER.direction,
    q: normalizeSearchQuery(params.get(FILTER_PARAMS.q)),
  };
}

/**
 * `current` with the filter written into it: "all" and the default sort leave their parameter out,
 * so the plain page keeps its plain URL; other parameters are kept as they are.
 */
export function withRequestFilter(
  current: URLSearchParams,
  filter: TrackerRequestFilter,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const values: Record<keyof TrackerRequestFilter, string | undefined> = {
    project: filter.project,
    status: filter.status,
    priority: filter.priority,
    category: filter.category,
    sort: filter.sort === DEFAULT_REQUEST_FILTER.sort ? undefined : filter.sort,
    direction: filter.direction === DEFAULT_REQUEST_FILTER.direction ? undefined : filter.direction,
    q: normalizeSearchQuery(filter.q),
  };
  for (const [key, param] of Object.entries(FILTER_PARAMS)) {
    const value = values[key as keyof TrackerRequestFilter];
    if (value) next.set(param, value);
    else next.delete(param);
  }
  return next;
}

/** The query of `GET /api/tracker/feature-requests` (shared `TrackerFeatureRequestListQuerySchema`). */
export interface RequestListQuery {
  readonly project_id: string | undefined;
  readonly status: TrackerStatus | undefined;
  readonly priority: TrackerPriority | undefined;
  readonly category: TrackerCategory | undefined;
  readonly sort_by: TrackerRequestSort;
  readonly sort_direction: SortDirection;
  readonly limit: number;
  /** With a term the API ranks by relevance and ignores the sort. */
  readonly q: string | undefined;
}

/** The list query for a filter (without the cursor). */
export function requestListQuery(
  filter: TrackerRequestFilter,
  limit: number = REQUESTS_PAGE_SIZE,
): RequestListQuery {
  return {
    project_id: filter.project,
    status: filter.status,
    priority: filter.priority,
    category: filter.category,
    sort_by: filter.sort,
    sort_direction: filter.direction,
    limit,
    q: filter.q,
  };
}

/** Whether any filter narrows the list (the sort and the search term do not). */
export function isFiltered(filter: TrackerRequestFilter): boolean {
  return Boolean(filter.project || filter.status || filter.priority || filter.category);
}

/** How many of the filter and sort fields differ from their defaults (the search is not one). */
export function changedFilters(filter: TrackerRequestFilter): number {
  return [
    filter.project,
    filter.status,
    filter.priority,
    filter.category,
    filter.sort !== DEFAULT_REQUEST_FILTER.sort,
    filter.direction !== DEFAULT_REQUEST_FILTER.direction,
  ].filter(Boolean).length;
}

/** Whether a request belongs in the list a filter shows (e.g. one just submitted). */
export function matchesRequestFilter(
  request: {
    readonly project_id: string | null;
    readonly status: string;
    readonly priority: string;
    readonly category: string;
  },
  filter: TrackerRequestFilter,
): boolean {
  return (
    (!filter.project || request.project_id === filter.project) &&
    (!filter.status || request.status === filter.status) &&
    (!filter.priority || request.priority === filter.priority) &&
    (!filter.category || request.category === filter.category)
  );
}
