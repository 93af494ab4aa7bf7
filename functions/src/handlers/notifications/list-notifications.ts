import { type NotificationList } from '@hatchworks/shared/schemas/notifications';
import { listNotifications } from '../../modules/notifications/notifications-repository';
import { authHandler } from '../../http/auth-handler';
import { page } from '../../http/response';
import { listNotifications as route } from '@hatchworks/shared/contracts/notifications';

/** The caller's notifications, 20 a page, newest first, with their unread count. */
export const handler = authHandler({
  route,
  handler: async ({ query, user }) => {
    const caller = await user();
    const result = await listNotifications(caller.id, query.cursor);
    return page<NotificationList>(
      { notifications: result.items, unread_count: result.unreadCount },
      result.nextCursor,
    );
  },
});
