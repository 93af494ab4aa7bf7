import { ACCOUNT_MESSAGES } from '@hatchworks/shared/schemas/users';
import { queueMail } from '../../modules/mail/mail-queue';
import { requestSiteOrigin } from '../../modules/mail/site-origin';
import { getUserByEmail } from '../../modules/accounts/users-repository';
import { takeMailSlot } from '../../modules/accounts/account-limits';
import { clientIp } from '../../lib/client-ip';
import { answerNoSoonerThan } from '../../lib/even-timing';
import { httpHandler } from '../../http/http-handler';
import { accepted } from '../../http/response';
import { requestPasswordReset as route } from '@hatchworks/shared/contracts/accounts';

/**
 * Queues a mail with a one-time password-reset link, valid one hour, to the account with this
 * email (sent from the table's stream). Always 202 and equally slow, so it does not tell whether an
 * address has an account.
 */
export const handler = httpHandler({
  route,
  handler: async ({ body, event }) => {
    const startedAt = Date.now();
    await takeMailSlot('reset', clientIp(event), body.email);
    const user = await getUserByEmail(body.email);
    if (user) {
      await queueMail({
        kind: 'reset-password',
        userId: user.id,
        origin: requestSiteOrigin(event),
      });
    }
    await answerNoSoonerThan(startedAt);
    return accepted(ACCOUNT_MESSAGES.mailSent);
  },
});
