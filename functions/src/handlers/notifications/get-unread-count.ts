import type { UnreadCount } from '@hatchworks/shared/schemas/notifications';
import { readNotificationState } from '../../data/notifications-repository';
import { authHandler } from '../../middleware/auth-handler';

/** The bell's number: one read of the caller's notification state. */
export const handler = authHandler({
  handler: async ({ user }): Promise<UnreadCount> => {
    const state = await readNotificationState((await user()).id);
    return { unread_count: state.unread_count };
  },
});
