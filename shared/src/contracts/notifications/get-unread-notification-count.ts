import type { RouteContract } from '../../contract';
import { UnreadCountSchema } from '../../schemas/notifications';

export const getUnreadNotificationCount = {
  id: 'GetUnreadNotificationCount',
  method: 'GET',
  path: '/api/notifications/unread-count',
  access: 'user',
  data: UnreadCountSchema,
} as const satisfies RouteContract;
