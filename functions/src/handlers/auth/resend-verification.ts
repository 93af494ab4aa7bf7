import { ACCOUNT_MESSAGES } from '@hatchworks/shared/schemas/users';
import { queueMail } from '../../modules/mail/mail-queue';
import { requestSiteOrigin } from '../../modules/mail/site-origin';
import { getUserByEmail } from '../../modules/accounts/users-repository';
import { takeMailSlot } from '../../modules/accounts/account-limits';
import { clientIp } from '../../lib/client-ip';
import { answerNoSoonerThan } from '../../lib/even-timing';
import { ValidationError } from '../../lib/errors';
import { authHandler } from '../../http/auth-handler';
import { accepted } from '../../http/response';
import { resendVerification as route } from '@hatchworks/shared/contracts/accounts';

/**
 * Queues a mail with a new verification link (voiding the last one) to an account whose email is
 * not proven.
 * Always 202 and equally slow, so it does not tell whether an address has an account; a
 * signed-in caller may leave the body out to get it at their own address.
 */
export const handler = authHandler({
  route,
  handler: async ({ body, event, caller }) => {
    const startedAt = Date.now();
    const email = body?.email ?? (await caller()).user?.email;
    if (!email) {
      throw new ValidationError([{ field: 'email', message: 'Enter a valid email address' }]);
    }
    await takeMailSlot('verification', clientIp(event), email);
    const user = await getUserByEmail(email);
    if (user && !user.is_verified) {
      await queueMail({ kind: 'verify-email', userId: user.id, origin: requestSiteOrigin(event) });
    }
    await answerNoSoonerThan(startedAt);
    return accepted(ACCOUNT_MESSAGES.mailSent);
  },
});
