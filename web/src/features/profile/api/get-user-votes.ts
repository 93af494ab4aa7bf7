import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { pageEnvelope } from '@hatchworks/shared/schemas/envelope';
import { VoteListSchema } from '@hatchworks/shared/schemas/features';
import { apiRequest } from '../../../lib/api-client';
import { ACTIVITY_PAGE_SIZE, activityKeys, nextCursor } from './activity-keys';

export const USER_VOTES_FAILED = 'Failed to load your votes';

const UserVotesEnvelopeSchema = pageEnvelope(VoteListSchema);

/** `GET /api/users/{id}/votes`: one page of a user's votes, one per feature. */
export function getUserVotesPage(userId: string, cursor: string | undefined, signal?: AbortSignal) {
  return apiRequest(`/users/${encodeURIComponent(userId)}/votes`, {
    query: { limit: ACTIVITY_PAGE_SIZE, cursor },
    schema: UserVotesEnvelopeSchema,
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
