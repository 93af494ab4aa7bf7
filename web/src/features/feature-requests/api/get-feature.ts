import { useQuery } from '@tanstack/react-query';
import { successEnvelope } from '@hatchworks/shared/schemas/envelope';
import { FeatureSchema } from '@hatchworks/shared/schemas/features';
import { apiRequest } from '../../../lib/api-client';

const FeatureEnvelope = successEnvelope(FeatureSchema);

/**
 * `GET /api/features/{id}` (issue 12: the request's own page), under 'features' so a vote or a
 * moderation reloads it. Pending and rejected requests answer their author and admins only, so it
 * waits for the session and is keyed by the viewer.
 */
export function useFeature(id: string, viewerId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['features', 'detail', id, viewerId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`/features/${encodeURIComponent(id)}`, {
          schema: FeatureEnvelope,
          fallbackMessage: 'Failed to fetch the feature request',
          signal,
        })
      ).data,
    enabled,
    retry: false,
  });
}
