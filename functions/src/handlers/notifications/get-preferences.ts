import type { NotificationPreferences } from '@hatchworks/shared/schemas/notifications';
import { emailPreferences } from '../../modules/notifications/notifications-repository';
import { authHandler } from '../../http/auth-handler';
import { getNotificationPreferences as route } from '@hatchworks/shared/contracts/notifications';

/** The caller's notification email preferences (every topic on unless turned off). */
export const handler = authHandler({
  route,
  handler: async ({ user }): Promise<NotificationPreferences> => emailPreferences(await user()),
});
