import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { listUserVotes } from '@hatchworks/shared/contracts/features';
import { api } from '../../../lib/api-client';
import { ACTIVITY_PAGE_SIZE, activityKeys, nextCursor } from './activity-keys';

export const USER_VOTES_FAILED = 'Failed to load your votes';

/** `GET /api/users/{id}/votes`: one page of a user's votes, one per feature. */
export function getUserVotesPage(userId: string, cursor: string | undefined, signal?: AbortSignal) {
  return api(listUserVotes, {
    params: { id: userId },
    query: { limit: ACTIVITY_PAGE_SIZE, cursor },
    fallbackMessage: USER_VOTES_FAILED,
    signal,
  });
}

export const getUserVotesQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: activityKeys.votes(userId),
    queryFn: ({ pageParam, signal }) => getUserVotesPage(userId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
  });

export function useUserVotes(userId: string) {
  return useInfiniteQuery(getUserVotesQueryOptions(userId));
}
