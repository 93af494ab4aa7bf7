import type { RouteContract } from '../../contract';
import { NotificationListQuerySchema, NotificationListSchema } from '../../schemas/notifications';

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
