import { ACCOUNT_LIMITS } from '@hatchworks/shared/constants';
import { storeOneTimeToken } from './credentials-repository';
import type { StoredUser } from './users-repository';
import { sendMail, siteLink } from '../mail/mail';
import { passwordResetMail, verificationMail } from '../mail/mail-templates';
import { issueSecret, oneTimeToken } from './one-time-token';

type Recipient = Pick<StoredUser, 'id' | 'email' | 'display_name'>;

/**
 * The mails of the account flows. Request handlers only queue them (`queueMail`, or
 * `createUser({ mailVerification })` in the account's own transaction); the table stream's function
 * sends them (`functions/src/triggers/table-stream/send-queued-mail.ts`). Each mail issues a
 * new link, which voids the last one of its kind: a retried mail never leaves two valid links.
 */

/**
 * Stores a new verification token (voiding the last link) and mails its link, at `origin` when
 * the site serves it (where the person asked for it), else at `SITE_URL`.
 */
export async function sendVerification(user: Recipient, origin?: string): Promise<void> {
  const { secret, hash } = issueSecret();
  await storeOneTimeToken(user.id, 'verify-email', {
    hash,
    email: user.email,
    ttlSeconds: ACCOUNT_LIMITS.verificationLinkSeconds,
  });
  const link = siteLink('/verify-email', { token: oneTimeToken(user.id, secret) }, origin);
  await sendMail({ to: user.email, ...verificationMail({ name: user.display_name, link }) });
}

/** Stores a new password-reset token (voiding the last link) and mails its one-hour link (at `origin`, as above). */
export async function sendPasswordReset(user: Recipient, origin?: string): Promise<void> {
  const { secret, hash } = issueSecret();
  const ttlSeconds = ACCOUNT_LIMITS.resetLinkSeconds;
  await storeOneTimeToken(user.id, 'reset-password', { hash, email: user.email, ttlSeconds });
  const link = siteLink('/reset-password', { token: oneTimeToken(user.id, secret) }, origin);
  await sendMail({
    to: user.email,
    ...passwordResetMail({ name: user.display_name, link, validMinutes: ttlSeconds / 60 }),
  });
}
