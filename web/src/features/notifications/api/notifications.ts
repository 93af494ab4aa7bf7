import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  getNotificationPreferences,
  getUnreadNotificationCount,
  listNotifications,
  markNotificationsRead,
  unsubscribeNotifications,
  updateNotificationPreferences,
} from '@hatchworks/shared/contracts/notifications';
import type {
  MarkReadInput,
  NotificationPreferences,
} from '@hatchworks/shared/schemas/notifications';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export const NOTIFICATIONS_FAILED = 'Failed to load notifications';
export const MARK_READ_FAILED = 'Failed to mark notifications read';
export const PREFERENCES_FAILED = 'Failed to load notification preferences';
export const SAVE_PREFERENCES_FAILED = 'Failed to save notification preferences';
export const UNSUBSCRIBE_FAILED = 'Failed to unsubscribe';

/** How often the bell asks for its count while the page stays open. */
export const UNREAD_REFRESH_MS = 60_000;

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};

/** `GET /api/notifications/unread-count`: the bell's number, refreshed on focus and every minute. */
export function useUnreadCount() {
  const { status } = useSession();
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: async ({ signal }) =>
      (
        await api(getUnreadNotificationCount, {
          fallbackMessage: NOTIFICATIONS_FAILED,
          signal,
        })
      ).data.unread_count,
    enabled: status === 'signed_in',
    refetchInterval: UNREAD_REFRESH_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });
}

export const notificationListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam, signal }) =>
      api(listNotifications, {
        query: { cursor: pageParam },
        fallbackMessage: NOTIFICATIONS_FAILED,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

/** `GET /api/notifications`: 20 a page, newest first. */
export function useNotifications(enabled: boolean) {
  return useInfiniteQuery({ ...notificationListQueryOptions(), enabled });
}

/** `POST /api/notifications/read`: some by id, or all; the bell and the list follow. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: MarkReadInput) =>
      (
        await api(markNotificationsRead, {
          body: input,
          fallbackMessage: MARK_READ_FAILED,
        })
      ).data.unread_count,
    onSuccess: async (count) => {
      queryClient.setQueryData(notificationKeys.unread(), count);
      await queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
    },
  });
}

/** `GET /api/user/notification-preferences`. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: async ({ signal }) =>
      (
        await api(getNotificationPreferences, {
          fallbackMessage: PREFERENCES_FAILED,
          signal,
        })
      ).data,
  });
}

/** `PUT /api/user/notification-preferences`. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NotificationPreferences) =>
      (
        await api(updateNotificationPreferences, {
          body: input,
          fallbackMessage: SAVE_PREFERENCES_FAILED,
        })
      ).data,
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences(), saved),
  });
}

/** `POST /api/notifications/unsubscribe`: the mail's one-click link, signed in or not. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: async (token: string) =>
      api(unsubscribeNotifications, {
        body: { token },
        fallbackMessage: UNSUBSCRIBE_FAILED,
      }),
  });
}
