import { ACCOUNT_LIMITS } from '@hatchworks/shared/constants';
import { consumeHit, type Window } from '../rate-limits/rate-limits-repository';
import { normalizeEmail } from '../../lib/identity-hash';
import { RateLimitedError } from '../../lib/errors';

const { windowSeconds: seconds } = ACCOUNT_LIMITS;

/** '1 minute', '12 minutes': how long a refused caller waits, rounded up. */
export function inMinutes(waitSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Takes one slot in every window, or throws 429 with the wait (slots are taken atomically). */
async function take(windows: readonly Window[], message: (wait: string) => string) {
  const wait = await consumeHit(windows);
  if (wait > 0) throw new RateLimitedError(message(inMinutes(wait)), wait);
}

/**
 * A new account from this client: registration and the first hosted sign-in share the window,
 * so neither way mints accounts faster than the other.
 */
export function takeSignUpSlot(client: string): Promise<void> {
  return take(
    [{ key: `sign-up#client#${client}`, limit: ACCOUNT_LIMITS.signUpsPerClient, seconds }],
    (wait) => `Too many new accounts from this network. Please try again in ${wait}.`,
  );
}

/** A registration: the client's sign-up window and the email's own. */
export function takeRegistrationSlot(client: string, email: string): Promise<void> {
  return take(
    [
      { key: `sign-up#client#${client}`, limit: ACCOUNT_LIMITS.signUpsPerClient, seconds },
      {
        key: `register#email#${normalizeEmail(email)}`,
        limit: ACCOUNT_LIMITS.registrationsPerEmail,
        seconds,
      },
    ],
    (wait) => `Too many registrations from this network. Please try again in ${wait}.`,
  );
}

/** A mail asked for (verification again, password reset): per email address and per client. */
export function takeMailSlot(
  kind: 'verification' | 'reset',
  client: string,
  email: string | undefined,
): Promise<void> {
  return take(
    [
      { key: `mail-${kind}#client#${client}`, limit: ACCOUNT_LIMITS.mailsPerClient, seconds },
      ...(email
        ? [
            {
              key: `mail-${kind}#email#${normalizeEmail(email)}`,
              limit: ACCOUNT_LIMITS.mailsPerEmail,
              seconds,
            },
          ]
        : []),
    ],
    (wait) => `Too many emails asked for. Please try again in ${wait}.`,
  );
}
