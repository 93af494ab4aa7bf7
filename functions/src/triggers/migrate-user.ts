import { passwordSignIn } from '../domain/password-sign-in';
import { migrateUser } from './user-migration';

/** Cognito's user-migration trigger (infra/aws/constructs/cognito-login.ts). */
export const handler = migrateUser(passwordSignIn);
