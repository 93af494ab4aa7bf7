import { ACCOUNT_LIMITS } from '@hatchworks/shared/constants';
import { storeOneTimeToken } from '../data/credentials-repository';
import type { StoredUser } from '../data/users-repository';
import { logger } from '../lib/logger';
import { sendMail, siteLink } from '../lib/mail';
import { passwordResetMail, verificationMail } from '../lib/mail-templates';
import { issueSecret, oneTimeToken } from '../lib/one-time-token';

type Recipient = Pick<StoredUser, 'id' | 'email' | 'display_name'>;

/**
 * Sends a mail whose failure must not change the answer: the account change it belongs to is
 * made, and an answer that differs would tell whether an address has an account. The person asks
 * again (resend, reset) if it never arrives; the log says why.
 */
async function deliver(kind: string, message: Parameters<typeof sendMail>[0]): Promise<void> {
  try {
    await sendMail(message);
  } catch (error) {
    logger.error('account mail not sent', { kind, error: String(error) });
  }
}

/** Mails the link that proves the address, for a verification token already stored. */
export function mailVerificationLink(user: Recipient, secret: string): Promise<void> {
  const link = siteLink('/verify-email', { token: oneTimeToken(user.id, secret) });
  return deliver('verification', {
    to: user.email,
    ...verificationMail({ name: user.display_name, link }),
  });
}

/** Stores a new verification token (voiding the last link) and mails its link. */
export async function sendVerification(user: Recipient): Promise<void> {
  const { secret, hash } = issueSecret();
  await storeOneTimeToken(user.id, 'verify-email', {
    hash,
    email: user.email,
    ttlSeconds: ACCOUNT_LIMITS.verificationLinkSeconds,
  });
  await mailVerificationLink(user, secret);
}

/** Stores a new password-reset token (voiding the last link) and mails its one-hour link. */
export async function sendPasswordReset(user: Recipient): Promise<void> {
  const { secret, hash } = issueSecret();
  const ttlSeconds = ACCOUNT_LIMITS.resetLinkSeconds;
  await storeOneTimeToken(user.id, 'reset-password', { hash, email: user.email, ttlSeconds });
  const link = siteLink('/reset-password', { token: oneTimeToken(user.id, secret) });
  await deliver('password-reset', {
    to: user.email,
    ...passwordResetMail({ name: user.display_name, link, validMinutes: ttlSeconds / 60 }),
  });
}
