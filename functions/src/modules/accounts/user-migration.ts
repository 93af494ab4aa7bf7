import type { UserMigrationTriggerEvent } from 'aws-lambda';
import type { SetPasswordOutcome, StoredPassword } from './credentials-repository';
import type { ProductPasswordSignIn } from './password-sign-in';
import type { StoredUser } from './users-repository';

/**
 * What the trigger does with the table, injected so the mapping is testable: check a password
 * against the product's store (`productPasswordSignIn`), and move the account's password into the
 * pool (`movePasswordToUserPool`).
 */
export interface MigrationSteps {
  readonly signIn: (
    email: string,
    password: string,
    client: string | null,
  ) => Promise<ProductPasswordSignIn>;
  readonly moveToPool: (user: StoredUser, checked: StoredPassword) => Promise<SetPasswordOutcome>;
}

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
 * In the same step the account's password moves into the pool: the user records
 * `password_store: 'cognito'` and the product's copy is deleted, so every door acts on the
 * pool's from then on. Should Cognito then fail to create the user, the account has a password
 * nowhere until it is reset on the site, which puts it back into the product's store.
 * Anything else is refused with a message Cognito shows. The forgot-password migration is
 * refused: it would let anyone put any verified account into Cognito's reset state.
 */
export function migrateUser({ signIn, moveToPool }: MigrationSteps) {
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
        // The password changed since it was checked: the one typed is no longer the account's.
        if ((await moveToPool(outcome.user, outcome.stored)) === 'stale') {
          throw new Error(MIGRATION_MESSAGES.invalid);
        }
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
