import type { RouteContract } from '../../contract';
import { NotificationPreferencesSchema } from '../../schemas/notifications';

export const getNotificationPreferences = {
  id: 'GetNotificationPreferences',
  method: 'GET',
  path: '/api/user/notification-preferences',
  access: 'user',
  data: NotificationPreferencesSchema,
} as const satisfies RouteContract;
