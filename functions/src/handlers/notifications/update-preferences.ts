import { type NotificationPreferences } from '@hatchworks/shared/schemas/notifications';
import { saveEmailPreferences } from '../../modules/notifications/notifications-repository';
import { authHandler } from '../../http/auth-handler';
import { updateNotificationPreferences as route } from '@hatchworks/shared/contracts/notifications';

/** Stores the caller's notification email preferences and answers them. */
export const handler = authHandler({
  route,
  handler: async ({ body, user }): Promise<NotificationPreferences> => {
    await saveEmailPreferences((await user()).id, body.email);
    return { email: body.email };
  },
});
