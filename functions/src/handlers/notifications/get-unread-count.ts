import type { UnreadCount } from '@hatchworks/shared/schemas/notifications';
import { readNotificationState } from '../../modules/notifications/notifications-repository';
import { authHandler } from '../../http/auth-handler';
import { getUnreadNotificationCount as route } from '@hatchworks/shared/contracts/notifications';

/** The bell's number: one read of the caller's notification state. */
export const handler = authHandler({
  route,
  handler: async ({ user }): Promise<UnreadCount> => {
    const state = await readNotificationState((await user()).id);
    return { unread_count: state.unread_count };
  },
});
