import { movePasswordToUserPool } from '../modules/accounts/credentials-repository';
import { productPasswordSignIn } from '../modules/accounts/password-sign-in';
import { migrateUser } from '../modules/accounts/user-migration';

/** Cognito's user-migration trigger (infra/aws/constructs/cognito-login.ts). */
export const handler = migrateUser({
  signIn: productPasswordSignIn,
  moveToPool: movePasswordToUserPool,
});
