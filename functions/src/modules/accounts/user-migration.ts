import type { UserMigrationTriggerEvent } from 'aws-lambda';
import type { PasswordSignIn } from './password-sign-in';

/** How the trigger checks a password: `passwordSignIn`, injected so the mapping is testable. */
export type SignIn = (
  email: string,
  password: string,
  client: string | null,
) => Promise<PasswordSignIn>;

export const MIGRATION_MESSAGES = {
  invalid: 'Incorrect email or password.',
  unverified:
    'Please verify your email address first: open the link we sent you, then sign in again.',
  throttled: (minutes: number) =>
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  forgotPassword:
    'Sign in once with your current password, or reset it on the site, before resetting it here.',
} as const;

/**
 * The Cognito user-migration trigger: someone unknown to the user pool signs in on the hosted
 * login with the email and password of a product account. A verified account with that password
 * becomes a confirmed Cognito user with a verified email (no welcome mail: Cognito suppresses
 * it), so 'Login' works in one step and verify-user links the hosted identity to the account.
 * Anything else is refused with a message Cognito shows. The forgot-password migration is
 * refused: it would let anyone put any verified account into Cognito's reset state.
 */
export function migrateUser(signIn: SignIn) {
  return async (event: UserMigrationTriggerEvent): Promise<UserMigrationTriggerEvent> => {
    if (event.triggerSource !== 'UserMigration_Authentication') {
      throw new Error(MIGRATION_MESSAGES.forgotPassword);
    }
    const outcome = await signIn(
      event.userName.trim().toLowerCase(),
      event.request.password,
      // The trigger never sees the person's address: the account's own window applies, and
      // Cognito's threat protection limits each address before the trigger runs.
      null,
    );
    switch (outcome.kind) {
      case 'signed-in':
        event.response.userAttributes = { email: outcome.user.email, email_verified: 'true' };
        event.response.finalUserStatus = 'CONFIRMED';
        event.response.messageAction = 'SUPPRESS';
        return event;
      case 'unverified':
        throw new Error(MIGRATION_MESSAGES.unverified);
      case 'throttled':
        throw new Error(MIGRATION_MESSAGES.throttled(Math.ceil(outcome.retryAfterSeconds / 60)));
      case 'invalid':
        throw new Error(MIGRATION_MESSAGES.invalid);
    }
  };
}
