import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { listTrackerRequests as route } from '@hatchworks/shared/contracts/tracker';
import type { SearchMatch } from '@hatchworks/shared/schemas/search';
import type { TrackerFeatureRequest } from '@hatchworks/shared/schemas/tracker';
import { api } from '../../../lib/api-client';
import {
  REQUESTS_PAGE_SIZE,
  requestListQuery,
  type TrackerRequestFilter,
} from '../utils/request-filters';
import { trackerKeys } from './keys';

/** One page of tracker requests and the cursor of the next one (null on the last). */
export interface TrackerRequestPage {
  readonly feature_requests: readonly TrackerFeatureRequest[];
  readonly next_cursor: string | null;
  /** With a search: 'some' when no request has every word and these are the closest matches. */
  readonly match?: SearchMatch | undefined;
}

/** `GET /api/tracker/feature-requests`: one page of a filter; `cursor` continues the list. */
export async function listTrackerRequests(
  filter: TrackerRequestFilter,
  options: { cursor?: string; limit?: number; signal?: AbortSignal } = {},
): Promise<TrackerRequestPage> {
  const envelope = await api(route, {
    query: { ...requestListQuery(filter, options.limit), cursor: options.cursor },
    fallbackMessage: FALLBACK_MESSAGES.fetchFeatureRequests,
    signal: options.signal,
  });
  return {
    feature_requests: envelope.data.feature_requests,
    next_cursor: envelope.next_cursor,
    match: envelope.data.match,
  };
}

/** The pages of one filter; 'Load More Requests' fetches the next with the last `next_cursor`. */
export const trackerRequestListQueryOptions = (
  filter: TrackerRequestFilter,
  pageSize: number = REQUESTS_PAGE_SIZE,
) =>
  infiniteQueryOptions({
    queryKey: trackerKeys.requestList(filter, pageSize),
    queryFn: ({ pageParam, signal }) =>
      listTrackerRequests(filter, { cursor: pageParam, limit: pageSize, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export function useTrackerRequestList(filter: TrackerRequestFilter) {
  return useInfiniteQuery(trackerRequestListQueryOptions(filter));
}
