import { queryOptions, useQuery } from '@tanstack/react-query';
import { getFeature } from '@hatchworks/shared/contracts/features';
import { api } from '../../../lib/api-client';

/** The message when a feature request cannot be read. */
export const GET_FEATURE_FAILED = 'Failed to fetch the feature request';

/**
 * `GET /api/features/{id}` (the request's own page), under 'features' so a vote or a
 * moderation reloads it. Pending and rejected requests answer their author and admins only, so it
 * is keyed by the viewer.
 */
export const featureQueryOptions = (id: string, viewerId: string | null) =>
  queryOptions({
    queryKey: ['features', 'detail', id, viewerId],
    queryFn: async ({ signal }) =>
      (
        await api(getFeature, {
          params: { id },
          fallbackMessage: GET_FEATURE_FAILED,
          signal,
        })
      ).data,
    retry: false,
  });

/** The request of its own page, once the session is known (`enabled`). */
export function useFeature(id: string, viewerId: string | null, enabled: boolean) {
  return useQuery({ ...featureQueryOptions(id, viewerId), enabled });
}
