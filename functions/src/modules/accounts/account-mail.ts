import { ACCOUNT_LIMITS } from '@hatchworks/shared/constants';
import { storeOneTimeToken } from './credentials-repository';
import type { MailRequest } from '../mail/mail-requests';
import { getUserById, type StoredUser } from './users-repository';
import { sendMail, siteLink } from '../mail/mail';
import { passwordResetMail, verificationMail } from '../mail/mail-templates';
import { sendNotificationMail } from '../notifications/notifications';
import { issueSecret, oneTimeToken } from './one-time-token';

type Recipient = Pick<StoredUser, 'id' | 'email' | 'display_name'>;

/**
 * The mails of the account flows. Request handlers only queue them (`queueMail`, or
 * `createUser({ mailVerification })` in the account's own transaction); the mail function sends
 * them from the table's stream (`functions/src/triggers/send-queued-mail.ts`). Each mail issues a
 * new link, which voids the last one of its kind: a retried mail never leaves two valid links.
 */

/** Stores a new verification token (voiding the last link) and mails its link. */
export async function sendVerification(user: Recipient): Promise<void> {
  const { secret, hash } = issueSecret();
  await storeOneTimeToken(user.id, 'verify-email', {
    hash,
    email: user.email,
    ttlSeconds: ACCOUNT_LIMITS.verificationLinkSeconds,
  });
  const link = siteLink('/verify-email', { token: oneTimeToken(user.id, secret) });
  await sendMail({ to: user.email, ...verificationMail({ name: user.display_name, link }) });
}

/** Stores a new password-reset token (voiding the last link) and mails its one-hour link. */
export async function sendPasswordReset(user: Recipient): Promise<void> {
  const { secret, hash } = issueSecret();
  const ttlSeconds = ACCOUNT_LIMITS.resetLinkSeconds;
  await storeOneTimeToken(user.id, 'reset-password', { hash, email: user.email, ttlSeconds });
  const link = siteLink('/reset-password', { token: oneTimeToken(user.id, secret) });
  await sendMail({
    to: user.email,
    ...passwordResetMail({ name: user.display_name, link, validMinutes: ttlSeconds / 60 }),
  });
}

/**
 * Sends the mail a queued request asks for, to the account as it is now: nothing when the account
 * is gone or, for a verification, already proven. A failure rejects, so the request is tried again.
 */
export async function sendQueuedMail(request: MailRequest): Promise<'sent' | 'skipped'> {
  const user = await getUserById(request.userId);
  if (!user) return 'skipped';
  switch (request.kind) {
    case 'verify-email':
      if (user.is_verified) return 'skipped';
      await sendVerification(user);
      return 'sent';
    case 'reset-password':
      await sendPasswordReset(user);
      return 'sent';
    case 'notifications':
      return sendNotificationMail(user);
  }
}
