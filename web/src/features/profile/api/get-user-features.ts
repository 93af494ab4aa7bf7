import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { pageEnvelope } from '@hatchworks/shared/schemas/envelope';
import { FeatureListSchema } from '@hatchworks/shared/schemas/features';
import { apiRequest } from '../../../lib/api-client';
import { ACTIVITY_PAGE_SIZE, activityKeys, nextCursor } from './activity-keys';

export const USER_FEATURES_FAILED = 'Failed to load your feature requests';

const UserFeaturesEnvelopeSchema = pageEnvelope(FeatureListSchema);

/** `GET /api/users/{id}/features`: one page of a user's feature requests, newest first. */
export function getUserFeaturesPage(
  userId: string,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  return apiRequest(`/users/${encodeURIComponent(userId)}/features`, {
    query: { limit: ACTIVITY_PAGE_SIZE, cursor },
    schema: UserFeaturesEnvelopeSchema,
    fallbackMessage: USER_FEATURES_FAILED,
    signal,
  });
}

export const getUserFeaturesQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: activityKeys.features(userId),
    queryFn: ({ pageParam, signal }) => getUserFeaturesPage(userId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
  });

export function useUserFeatures(userId: string) {
  return useInfiniteQuery(getUserFeaturesQueryOptions(userId));
}
