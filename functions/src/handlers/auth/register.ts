import { ACCOUNT_MESSAGES, type RegisterResult } from '@hatchworks/shared/schemas/users';
import { createUser } from '../../modules/accounts/user-creation';
import { toApiUser } from '../../modules/accounts/users-repository';
import { takeRegistrationSlot } from '../../modules/accounts/account-limits';
import {
  emailLocalPart,
  chosenDisplayName,
  fallbackUsername,
} from '../../modules/accounts/usernames';
import { refuseStaffNames } from '../../modules/accounts/staff-names';
import { clientIp } from '../../lib/client-ip';
import { hashPassword } from '../../modules/accounts/passwords';
import { httpHandler } from '../../http/http-handler';
import { created } from '../../http/response';
import { register as route } from '@hatchworks/shared/contracts/accounts';

/**
 * Creates an account whose email is not proven yet: no eggs and no token until the link mailed
 * to the address is opened (`POST /api/auth/verify-email`), which credits the welcome. The mail is
 * queued in the account's own transaction and sent by the mail function a moment later. Names
 * that read as the site's staff are refused (400) before the sign-up counts against the limits.
 */
export const handler = httpHandler({
  route,
  handler: async ({ body, event }) => {
    refuseStaffNames(body);
    await takeRegistrationSlot(clientIp(event), body.email);
    const outcome = await createUser({
      email: body.email,
      username: body.username ?? fallbackUsername(emailLocalPart(body.email)),
      displayName: chosenDisplayName(body.display_name),
      isVerified: false,
      persons: [],
      passwordHash: await hashPassword(body.password),
      mailVerification: true,
      // A chosen username must be free; a derived one is made unique.
      makeUsernameUnique: body.username === undefined,
    });
    if (!outcome.created) throw new Error('Registration cannot link an identity');
    return created<RegisterResult>({ user: toApiUser(outcome.user) }, ACCOUNT_MESSAGES.checkEmail);
  },
});
