import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { listUserFeatures } from '@hatchworks/shared/contracts/features';
import { api } from '../../../lib/api-client';
import { ACTIVITY_PAGE_SIZE, activityKeys, nextCursor } from './activity-keys';

export const USER_FEATURES_FAILED = 'Failed to load your feature requests';

/** `GET /api/users/{id}/features`: one page of a user's feature requests, newest first. */
export function getUserFeaturesPage(
  userId: string,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  return api(listUserFeatures, {
    params: { id: userId },
    query: { limit: ACTIVITY_PAGE_SIZE, cursor },
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
