import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS } from '@hatchworks/shared/constants';
import { listUserFeatures } from '@hatchworks/shared/contracts/features';
import type { Feature } from '@hatchworks/shared/schemas/features';
import { api } from '../../../lib/api-client';
import { LOAD_FEATURES_FAILED } from './list-features';

/** The statuses `GET /api/features` hides from everyone but admins (docs/api.md, "Eggs and feature requests"). */
const UNLISTED = new Set<Feature['status']>(['pending', 'rejected']);

/** Pages asked for at most: 25 × 50 requests, far beyond what 100 eggs a day can buy. */
const MAX_PAGES = 25;

/**
 * The signed-in author's own pending and rejected requests, newest first, from
 * `GET /api/users/{id}/features` (which shows them to their author only): the public list leaves
 * them out, so the 'All' filter merges them in for their author.
 */
export async function listOwnUnlistedFeatures(
  userId: string,
  projectId: string | undefined,
  signal?: AbortSignal,
): Promise<Feature[]> {
  const found: Feature[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const envelope = await api(listUserFeatures, {
      params: { id: userId },
      query: { limit: LIMITS.featurePageSize, cursor },
      fallbackMessage: LOAD_FEATURES_FAILED,
      signal,
    });
    found.push(
      ...envelope.data.features.filter(
        (feature) =>
          UNLISTED.has(feature.status) && (!projectId || feature.project_id === projectId),
      ),
    );
    cursor = envelope.next_cursor ?? undefined;
    if (!cursor) break;
  }
  return found;
}

/** Under 'features', so a create or a moderation (which invalidate `['features']`) reloads it. */
export const ownUnlistedFeaturesQueryOptions = (userId: string, projectId: string | undefined) =>
  queryOptions({
    queryKey: ['features', 'own-unlisted', userId, { projectId }],
    queryFn: ({ signal }) => listOwnUnlistedFeatures(userId, projectId, signal),
  });

export function useOwnUnlistedFeatures(userId: string | undefined, projectId: string | undefined) {
  return useQuery({
    ...ownUnlistedFeaturesQueryOptions(userId ?? '', projectId),
    enabled: userId !== undefined,
  });
}
