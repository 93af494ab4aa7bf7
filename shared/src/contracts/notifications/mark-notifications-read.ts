import type { RouteContract } from '../../contract';
import { MarkReadInputSchema, UnreadCountSchema } from '../../schemas/notifications';

/** Marks some notifications (by id) or all read; answers the unread count left. */
export const markNotificationsRead = {
  id: 'MarkNotificationsRead',
  method: 'POST',
  path: '/api/notifications/read',
  access: 'user',
  body: MarkReadInputSchema,
  data: UnreadCountSchema,
} as const satisfies RouteContract;
