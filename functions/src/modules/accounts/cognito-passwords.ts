import {
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  type AdminInitiateAuthCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import { env } from '../../lib/env';

/** How the user pool judged an email and password. */
export type PoolCheck =
  /** The password is the account's. */
  | 'valid'
  /** Wrong password, or no such user in the pool. */
  | 'invalid'
  /** The pool's user never confirmed its sign-up. */
  | 'unverified'
  /**
   * The password is right, but the pool asks for another step before it signs anyone in (a TOTP
   * code, a new password): only the hosted login can answer it.
   */
  | 'second-step';

/** Whether the pool took a new password, or had no such user. */
export type PoolSet = 'set' | 'missing';

/** The user pool as the holder of an account's password. The pool's user name is the email. */
export interface PoolPasswords {
  checkPassword(email: string, password: string): Promise<PoolCheck>;
  setPassword(email: string, password: string): Promise<PoolSet>;
  /** Revokes every refresh token the pool issued to the user; none is no error. */
  signOutEverywhere(email: string): Promise<void>;
}

/** The one method of the SDK client the port calls: a fake `send` in unit tests. */
export interface PoolClient {
  send(
    command: AdminInitiateAuthCommand | AdminSetUserPasswordCommand | AdminUserGlobalSignOutCommand,
  ): Promise<unknown>;
}

export interface PoolSettings {
  readonly userPoolId: string;
  /**
   * The app client `AdminInitiateAuth` names (the SPA's, `AUTH_CLIENT_ID`); it must allow
   * `ALLOW_ADMIN_USER_PASSWORD_AUTH`.
   */
  readonly clientId: string;
}

const nameOf = (error: unknown): string | undefined =>
  error instanceof Error ? error.name : undefined;

/** The answers of `AdminInitiateAuth` that judge the password rather than the call. */
const CHECK_ERRORS: Readonly<Record<string, PoolCheck>> = {
  NotAuthorizedException: 'invalid',
  // Only with the app client's PreventUserExistenceErrors off; on, an unknown user is
  // NotAuthorizedException.
  UserNotFoundException: 'invalid',
  // The pool had no such user and asked the user-migration trigger, which refused: the trigger
  // never accepts an account whose password lives in the pool, so this is a wrong password.
  UserLambdaValidationException: 'invalid',
  // An operator's reset (AdminResetUserPassword): the product's own reset sets a new one.
  PasswordResetRequiredException: 'invalid',
  UserNotConfirmedException: 'unverified',
};

/**
 * The user pool's side of the product's password doors (`POST /api/auth/login`, the password
 * change, the reset link, "sign out everywhere"), through the admin API with the function's IAM
 * role. Anything else the pool answers (throttling, a misconfiguration) is thrown: Cognito's
 * request-rate quotas per category are at
 * https://docs.aws.amazon.com/cognito/latest/developerguide/quotas.html.
 */
export function poolPasswords(client: PoolClient, settings: PoolSettings): PoolPasswords {
  const { userPoolId, clientId } = settings;
  return {
    async checkPassword(email, password) {
      try {
        // ADMIN_USER_PASSWORD_AUTH: the server sends the password itself, no SRP; a client
        // without a secret needs no SECRET_HASH.
        // https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_AdminInitiateAuth.html
        const answer = (await client.send(
          new AdminInitiateAuthCommand({
            UserPoolId: userPoolId,
            ClientId: clientId,
            AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: email, PASSWORD: password },
          }),
        )) as AdminInitiateAuthCommandOutput;
        // The tokens it issued are never used: the product signs its own.
        if (answer.AuthenticationResult) return 'valid';
        // Cognito asks for a challenge (MFA, a new password) only once the password matched.
        return answer.ChallengeName ? 'second-step' : 'invalid';
      } catch (error) {
        const outcome = CHECK_ERRORS[nameOf(error) ?? ''];
        if (outcome) return outcome;
        throw error;
      }
    },

    async setPassword(email, password) {
      try {
        await client.send(
          new AdminSetUserPasswordCommand({
            UserPoolId: userPoolId,
            Username: email,
            Password: password,
            // Permanent: the user signs in with it as it is, no forced change on the next sign-in.
            Permanent: true,
          }),
        );
        return 'set';
      } catch (error) {
        if (nameOf(error) === 'UserNotFoundException') return 'missing';
        throw error;
      }
    },

    async signOutEverywhere(email) {
      try {
        // Revokes the refresh tokens; access and ID tokens stay valid until they expire, which
        // the API's `sessions_valid_after` check covers, and the hosted UI's session cookie is
        // untouched.
        // https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_AdminUserGlobalSignOut.html
        await client.send(
          new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: email }),
        );
      } catch (error) {
        if (nameOf(error) !== 'UserNotFoundException') throw error;
      }
    },
  };
}

let configured: PoolPasswords | null | undefined;

/**
 * The stack's user pool as a password store, with one client per cold start; undefined without
 * one (the local stack, an external issuer), where every password lives in the product.
 */
export function userPoolPasswords(): PoolPasswords | undefined {
  if (configured === undefined) {
    const config = env();
    configured =
      config.USER_POOL_ID && config.AUTH_CLIENT_ID
        ? poolPasswords(new CognitoIdentityProviderClient({ region: config.AWS_REGION }), {
            userPoolId: config.USER_POOL_ID,
            clientId: config.AUTH_CLIENT_ID,
          })
        : null;
  }
  return configured ?? undefined;
}
