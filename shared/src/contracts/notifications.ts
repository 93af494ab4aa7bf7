import type { RouteContract } from '../contract';
import {
  MarkReadInputSchema,
  NotificationListQuerySchema,
  NotificationListSchema,
  NotificationPreferencesSchema,
  UnreadCountSchema,
  UnsubscribeInputSchema,
  UnsubscribeQuerySchema,
  UnsubscribeResultSchema,
} from '../schemas/notifications';

/** The signed-in user's in-app notifications, newest first. */
export const listNotifications = {
  id: 'ListNotifications',
  method: 'GET',
  path: '/api/notifications',
  access: 'user',
  query: NotificationListQuerySchema,
  data: NotificationListSchema,
  page: true,
} as const satisfies RouteContract;

export const getUnreadNotificationCount = {
  id: 'GetUnreadNotificationCount',
  method: 'GET',
  path: '/api/notifications/unread-count',
  access: 'user',
  data: UnreadCountSchema,
} as const satisfies RouteContract;

/** Marks some notifications (by id) or all read; answers the unread count left. */
export const markNotificationsRead = {
  id: 'MarkNotificationsRead',
  method: 'POST',
  path: '/api/notifications/read',
  access: 'user',
  body: MarkReadInputSchema,
  data: UnreadCountSchema,
} as const satisfies RouteContract;

/**
 * The one-click unsubscribe of a notification mail, without signing in: the token comes in the
 * query (the mail's `List-Unsubscribe` URL, posted by mail clients as a form, RFC 8058) or in the
 * JSON body (the site's /unsubscribe page).
 */
export const unsubscribeNotifications = {
  id: 'UnsubscribeNotifications',
  method: 'POST',
  path: '/api/notifications/unsubscribe',
  access: 'public',
  query: UnsubscribeQuerySchema,
  body: UnsubscribeInputSchema,
  bodyMessages: true,
  data: UnsubscribeResultSchema,
} as const satisfies RouteContract;

export const getNotificationPreferences = {
  id: 'GetNotificationPreferences',
  method: 'GET',
  path: '/api/user/notification-preferences',
  access: 'user',
  data: NotificationPreferencesSchema,
} as const satisfies RouteContract;

export const updateNotificationPreferences = {
  id: 'UpdateNotificationPreferences',
  method: 'PUT',
  path: '/api/user/notification-preferences',
  access: 'user',
  body: NotificationPreferencesSchema,
  data: NotificationPreferencesSchema,
} as const satisfies RouteContract;
