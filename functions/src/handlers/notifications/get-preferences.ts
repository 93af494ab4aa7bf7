import type { NotificationPreferences } from '@hatchworks/shared/schemas/notifications';
import { emailPreferences } from '../../data/notifications-repository';
import { authHandler } from '../../middleware/auth-handler';

/** The caller's notification email preferences (every topic on unless turned off). */
export const handler = authHandler({
  handler: async ({ user }): Promise<NotificationPreferences> => emailPreferences(await user()),
});
