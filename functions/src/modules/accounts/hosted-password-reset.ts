import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { normalizeEmail } from '../../lib/identity-hash';
import type { SetPasswordOutcome } from './credentials-repository';
import type { StoredUser } from './users-repository';

/** What the trigger does outside Cognito's event, injected so its rules are testable. */
export interface HostedResetSteps {
  /** Revokes the pool user's refresh tokens (`AdminUserGlobalSignOut`). */
  readonly signOut: (userPoolId: string, userName: string) => Promise<void>;
  readonly findUser: (email: string) => Promise<StoredUser | undefined>;
  readonly endSessions: (user: StoredUser) => Promise<SetPasswordOutcome>;
}

/** Reads of the account lost to another end of its sessions (or a password change) meanwhile. */
const ATTEMPTS = 3;

/**
 * Cognito's post-confirmation trigger: after a reset through the hosted login's "Forgot your
 * password?" (`PostConfirmation_ConfirmForgotPassword`) every session of the account ends, as
 * after a reset on the site: the pool's refresh tokens are revoked, and the product's account
 * with that email ends its own and hosted tokens (`token_version`, `sessions_valid_after`).
 * Confirming a sign-up changes no password and does nothing here. Only whoever reads the mailbox
 * can confirm a reset (Cognito mails the code), so ending the sessions of the account that
 * carries the address never locks out anyone but its owner's other sessions.
 */
export function endSessionsAfterHostedReset({ signOut, findUser, endSessions }: HostedResetSteps) {
  return async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
    if (event.triggerSource !== 'PostConfirmation_ConfirmForgotPassword') return event;
    await signOut(event.userPoolId, event.userName);
    const email = normalizeEmail(event.request.userAttributes.email ?? '');
    if (!email) return event;
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const user = await findUser(email);
      if (!user || (await endSessions(user)) === 'set') return event;
    }
    throw new Error('Your sessions could not be ended. Please try again.');
  };
}
