import { ACCOUNT_MESSAGES, type RegisterResult } from '@hatchworks/shared/schemas/users';
import { registerAccount } from '../../modules/accounts/registration';
import { toApiUser } from '../../modules/accounts/users-repository';
import { clientIp } from '../../lib/client-ip';
import { requestSiteOrigin } from '../../modules/mail/site-origin';
import { httpHandler } from '../../http/http-handler';
import { created } from '../../http/response';
import { register as route } from '@hatchworks/shared/contracts/accounts';

/**
 * Creates an account whose email is not proven yet: no eggs and no token until the link mailed
 * to the address is opened (`POST /api/auth/verify-email`), which credits the welcome. The mail is
 * queued in the account's own transaction and sent from the table's stream a moment later. Names
 * that read as the site's staff are refused (400) before the sign-up counts against the limits.
 */
export const handler = httpHandler({
  route,
  handler: async ({ body, event }) => {
    const user = await registerAccount({
      email: body.email,
      password: body.password,
      username: body.username,
      displayName: body.display_name,
      client: clientIp(event),
      origin: requestSiteOrigin(event),
    });
    return created<RegisterResult>({ user: toApiUser(user) }, ACCOUNT_MESSAGES.checkEmail);
  },
});
