/**
 * Query keys of the profile's activity lists. They sit under the current user's key
 * (`['user', 'profile']`, see features/auth/api/get-current-user.ts) on purpose: whatever
 * invalidates the current user after a create or a vote reloads them too, and a sign-out, which
 * removes every `['user']` query, drops them with the rest of the user's data.
 */
export const activityKeys = {
  all: ['user', 'profile', 'activity'] as const,
  ledger: () => [...activityKeys.all, 'ledger'] as const,
  features: (userId: string) => [...activityKeys.all, 'features', userId] as const,
  votes: (userId: string) => [...activityKeys.all, 'votes', userId] as const,
};

/** Entries per page of each activity list ('Load more' asks for the next page). */
export const ACTIVITY_PAGE_SIZE = 20;

/** `next_cursor` as TanStack Query's next page parameter: undefined ends the list. */
export const nextCursor = (page: { next_cursor: string | null }): string | undefined =>
  page.next_cursor ?? undefined;
