import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { LIMITS } from '@hatchworks/shared/constants';
import { listFeatures as route } from '@hatchworks/shared/contracts/features';
import type { Feature, FeatureStatus } from '@hatchworks/shared/schemas/features';
import type { SearchMatch } from '@hatchworks/shared/schemas/search';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** The list's failure text, shown with 'Try Again'. */
export const LOAD_FEATURES_FAILED = 'Failed to load features';

/** One page of a feature list and the cursor of the next one (null on the last). */
export interface FeaturePage {
  readonly features: readonly Feature[];
  readonly next_cursor: string | null;
  /** With a search: 'some' when no request has every word and these are the closest matches. */
  readonly match?: SearchMatch | undefined;
}

/** Which requests a list shows: one status (none = every status the caller may see), one project. */
export interface FeatureListFilter {
  readonly status?: FeatureStatus;
  readonly projectId?: string;
  /** A search term: the API answers by relevance instead of by eggs. */
  readonly q?: string;
}

/**
 * `GET /api/features`: one page of up to 50 requests, most eggs first; `cursor` is the
 * previous page's `next_cursor`.
 */
export async function listFeatures(
  filter: FeatureListFilter,
  cursor?: string,
  signal?: AbortSignal,
): Promise<FeaturePage> {
  const envelope = await api(route, {
    query: {
      status: filter.status,
      project_id: filter.projectId,
      limit: LIMITS.featurePageSize,
      q: filter.q,
      cursor,
    },
    fallbackMessage: LOAD_FEATURES_FAILED,
    signal,
  });
  return {
    features: envelope.data.features,
    next_cursor: envelope.next_cursor,
    match: envelope.data.match,
  };
}

/**
 * Every feature list key starts with 'features', so creating, voting and moderating (which
 * invalidate `['features']`) reload whichever list is shown. The answer carries the viewer's own
 * eggs on each request (`your_eggs`), so it is keyed by the viewer.
 */
export const featureListQueryOptions = (filter: FeatureListFilter, viewerId: string | null) =>
  infiniteQueryOptions({
    queryKey: [
      'features',
      'list',
      { status: filter.status, projectId: filter.projectId, q: filter.q },
      viewerId,
    ],
    queryFn: ({ pageParam, signal }) => listFeatures(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export function useFeatureList(filter: FeatureListFilter) {
  const viewerId = useSession().user?.id ?? null;
  return useInfiniteQuery(featureListQueryOptions(filter, viewerId));
}
