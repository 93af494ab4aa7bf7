import * as z from '@hatchworks/shared/zod';
import {
  NOTIFICATION_EMAIL_TOPICS,
  UNSUBSCRIBE_MESSAGES,
  UnsubscribeInputSchema,
} from '@hatchworks/shared/schemas/notifications';
import { saveEmailPreferences } from '../../modules/notifications/notifications-repository';
import { getUserById } from '../../modules/accounts/users-repository';
import { ValidationError } from '../../lib/errors';
import { userOfUnsubscribeToken } from '../../modules/notifications/unsubscribe-token';
import { httpHandler } from '../../http/http-handler';
import { parseWithMessage } from '../../http/parse-with-message';
import { withMessage } from '../../http/response';
import { unsubscribeNotifications as route } from '@hatchworks/shared/contracts/notifications';

/**
 * The one-click unsubscribe of a notification mail, without signing in: the token (in the query,
 * as the mail's `List-Unsubscribe` URL carries it for RFC 8058's form post, or in a JSON body from
 * the site's /unsubscribe page) names the person, whose notification mails all turn off.
 */
export const handler = httpHandler({
  route,
  acceptsForm: true,
  // In place of the contract's schema: a mail client's form post carries other fields and no
  // token (the token is in the query then), so the body's token is checked only when it has one.
  body: z.unknown(),
  handler: async ({ query, body }) => {
    const fromBody =
      typeof body === 'object' && body !== null && 'token' in body
        ? parseWithMessage(UnsubscribeInputSchema, body).token
        : undefined;
    const token = fromBody ?? query.token;
    const invalid = () =>
      new ValidationError(
        [{ field: 'token', message: UNSUBSCRIBE_MESSAGES.invalid }],
        UNSUBSCRIBE_MESSAGES.invalid,
      );
    const userId = token ? await userOfUnsubscribeToken(token) : undefined;
    if (!userId) throw invalid();
    const user = await getUserById(userId);
    if (!user || user.deleted_at) throw invalid();
    await saveEmailPreferences(
      userId,
      Object.fromEntries(NOTIFICATION_EMAIL_TOPICS.map((topic) => [topic, false])),
    );
    return withMessage(
      { unsubscribed: true },
      'You will get no more notification emails. You can turn them back on in your profile.',
    );
  },
});
