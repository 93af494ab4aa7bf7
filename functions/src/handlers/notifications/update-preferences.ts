import { type NotificationPreferences } from '@hatchworks/shared/schemas/notifications';
import {
  emailPreferences,
  saveEmailPreferences,
} from '../../modules/notifications/notifications-repository';
import { authHandler } from '../../http/auth-handler';
import { updateNotificationPreferences as route } from '@hatchworks/shared/contracts/notifications';

/** Stores the caller's notification email preferences and answers them (absent topics on). */
export const handler = authHandler({
  route,
  handler: async ({ body, user }): Promise<NotificationPreferences> => {
    await saveEmailPreferences((await user()).id, body.email);
    return emailPreferences({ notification_email: body.email });
  },
});
