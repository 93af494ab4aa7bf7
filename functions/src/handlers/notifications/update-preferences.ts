import {
  NotificationPreferencesSchema,
  type NotificationPreferences,
} from '@hatchworks/shared/schemas/notifications';
import { saveEmailPreferences } from '../../data/notifications-repository';
import { authHandler } from '../../middleware/auth-handler';

/** Stores the caller's notification email preferences and answers them. */
export const handler = authHandler({
  body: NotificationPreferencesSchema,
  handler: async ({ body, user }): Promise<NotificationPreferences> => {
    await saveEmailPreferences((await user()).id, body.email);
    return { email: body.email };
  },
});
