import {
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { PostConfirmationTriggerEvent, UserMigrationTriggerEvent } from 'aws-lambda';
import { endSessions, movePasswordToUserPool } from '../modules/accounts/credentials-repository';
import { endSessionsAfterHostedReset } from '../modules/accounts/hosted-password-reset';
import { productPasswordSignIn } from '../modules/accounts/password-sign-in';
import { migrateUser } from '../modules/accounts/user-migration';
import { getUserByEmail } from '../modules/accounts/users-repository';
import { env } from '../lib/env';

const cognito = new CognitoIdentityProviderClient({ region: env().AWS_REGION });

const migrate = migrateUser({
  signIn: productPasswordSignIn,
  moveToPool: movePasswordToUserPool,
});

const afterConfirmation = endSessionsAfterHostedReset({
  signOut: async (userPoolId, userName) => {
    await cognito.send(
      new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: userName }),
    );
  },
  findUser: getUserByEmail,
  endSessions: (user) => endSessions(user),
});

type LoginTriggerEvent = UserMigrationTriggerEvent | PostConfirmationTriggerEvent;

const isMigration = (event: LoginTriggerEvent): event is UserMigrationTriggerEvent =>
  event.triggerSource.startsWith('UserMigration_');

/**
 * The user pool's triggers (infra/aws/constructs/login-triggers.ts), one function for both: the
 * user migration (a product account signs in on the hosted UI) and the post confirmation (a
 * hosted reset ends the account's sessions). Cognito names the trigger in `triggerSource`.
 */
export const handler = async (event: LoginTriggerEvent): Promise<LoginTriggerEvent> =>
  isMigration(event) ? migrate(event) : afterConfirmation(event);
