import { queryOptions } from '@tanstack/react-query';
import { getUserProfile } from '@hatchworks/shared/contracts/accounts';
import type { User } from '@hatchworks/shared/schemas/users';
import { api } from '../../../lib/api-client';

/** `GET /api/user/profile`: the signed-in user with balance, claim flag and stats. */
export async function getCurrentUser(signal?: AbortSignal): Promise<User> {
  const envelope = await api(getUserProfile, {
    fallbackMessage: 'Failed to load profile',
    signal,
  });
  return envelope.data;
}

/** Every user query key starts with 'user', so a sign-out drops them all. */
export const currentUserQueryKey = ['user', 'profile'] as const;

export const getCurrentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
    // Only the auth provider reads it, refreshing on demand (profile page, after a claim).
    staleTime: 60_000,
    retry: false,
  });
