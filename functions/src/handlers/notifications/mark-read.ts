import { type UnreadCount } from '@hatchworks/shared/schemas/notifications';
import {
  markAllRead,
  markRead,
  readNotificationState,
} from '../../modules/notifications/notifications-repository';
import { authHandler } from '../../http/auth-handler';
import { markNotificationsRead as route } from '@hatchworks/shared/contracts/notifications';

/**
 * Marks the caller's notifications read: some by id (only the caller's own exist under their
 * partition), or all of them at once. Answers the unread count left.
 */
export const handler = authHandler({
  route,
  handler: async ({ body, user }): Promise<UnreadCount> => {
    const caller = await user();
    if ('all' in body) await markAllRead(caller.id);
    else await markRead(caller.id, body.ids);
    const state = await readNotificationState(caller.id);
    return { unread_count: state.unread_count };
  },
});
