import type { RouteContract } from '../../contract';
import { NotificationPreferencesSchema } from '../../schemas/notifications';

export const updateNotificationPreferences = {
  id: 'UpdateNotificationPreferences',
  method: 'PUT',
  path: '/api/user/notification-preferences',
  access: 'user',
  body: NotificationPreferencesSchema,
  data: NotificationPreferencesSchema,
} as const satisfies RouteContract;
