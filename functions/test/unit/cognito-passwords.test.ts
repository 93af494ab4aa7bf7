import {
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  InvalidPasswordException,
  NotAuthorizedException,
  TooManyRequestsException,
  UserLambdaValidationException,
  UserNotConfirmedException,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { poolPasswords, type PoolClient } from '../../src/modules/accounts/cognito-passwords';

const POOL = { userPoolId: 'eu-west-1_pool', clientId: 'spa-client' };
const meta = { $metadata: {} };

/** A Cognito client whose `send` answers (or throws) `answer` and records each command. */
function fakeCognito(answer: unknown | Error = {}) {
  const sent: { name: string; input: unknown }[] = [];
  const client: PoolClient = {
    send: async (command) => {
      sent.push({ name: command.constructor.name, input: command.input });
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return { pool: poolPasswords(client, POOL), sent };
}

describe('checking a password against the user pool', () => {
  it('asks AdminInitiateAuth with ADMIN_USER_PASSWORD_AUTH, the pool, its client and the email', async () => {
    // Prepare
    const { pool, sent } = fakeCognito({ AuthenticationResult: { AccessToken: 'unused' } });
    // Act
    const outcome = await pool.checkPassword('ada@example.com', 'a long passphrase');
    // Assess
    expect(outcome).toBe('valid');
    expect(sent).toEqual([
      {
        name: AdminInitiateAuthCommand.name,
        input: {
          UserPoolId: 'eu-west-1_pool',
          ClientId: 'spa-client',
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: 'ada@example.com', PASSWORD: 'a long passphrase' },
        },
      },
    ]);
  });

  it.each([
    ['a wrong password', new NotAuthorizedException({ message: 'Incorrect', ...meta }), 'invalid'],
    ['an unknown user', new UserNotFoundException({ message: 'No user', ...meta }), 'invalid'],
    [
      "the migration trigger's refusal",
      new UserLambdaValidationException({ message: 'UserMigration failed', ...meta }),
      'invalid',
    ],
    [
      'an unconfirmed sign-up',
      new UserNotConfirmedException({ message: 'Not confirmed', ...meta }),
      'unverified',
    ],
  ])('judges %s', async (_case, error, outcome) => {
    const { pool } = fakeCognito(error);

    expect(await pool.checkPassword('ada@example.com', 'a guess at it')).toBe(outcome);
  });

  it.each(['SOFTWARE_TOKEN_MFA', 'NEW_PASSWORD_REQUIRED'])(
    'answers a %s challenge as a second step only the hosted login can take',
    async (ChallengeName) => {
      const { pool } = fakeCognito({ ChallengeName, Session: 'session' });

      expect(await pool.checkPassword('ada@example.com', 'a long passphrase')).toBe('second-step');
    },
  );

  it('throws what does not judge the password, such as throttling', async () => {
    const { pool } = fakeCognito(new TooManyRequestsException({ message: 'Slow down', ...meta }));

    await expect(pool.checkPassword('ada@example.com', 'a long passphrase')).rejects.toThrow(
      'Slow down',
    );
  });
});

describe('setting a password in the user pool', () => {
  it('sets it permanently with AdminSetUserPassword, the email as the user name', async () => {
    // Prepare
    const { pool, sent } = fakeCognito();
    // Act
    const outcome = await pool.setPassword('ada@example.com', 'a new long passphrase');
    // Assess
    expect(outcome).toBe('set');
    expect(sent).toEqual([
      {
        name: AdminSetUserPasswordCommand.name,
        input: {
          UserPoolId: 'eu-west-1_pool',
          Username: 'ada@example.com',
          Password: 'a new long passphrase',
          Permanent: true,
        },
      },
    ]);
  });

  it('answers "missing" when the pool has no such user', async () => {
    const { pool } = fakeCognito(new UserNotFoundException({ message: 'No user', ...meta }));

    expect(await pool.setPassword('ada@example.com', 'a new long passphrase')).toBe('missing');
  });

  it('throws any other refusal', async () => {
    const { pool } = fakeCognito(new InvalidPasswordException({ message: 'Too short', ...meta }));

    await expect(pool.setPassword('ada@example.com', 'short')).rejects.toThrow('Too short');
  });
});

describe('signing a pool user out everywhere', () => {
  it('revokes the refresh tokens with AdminUserGlobalSignOut', async () => {
    // Prepare
    const { pool, sent } = fakeCognito();
    // Act
    await pool.signOutEverywhere('ada@example.com');
    // Assess
    expect(sent).toEqual([
      {
        name: AdminUserGlobalSignOutCommand.name,
        input: { UserPoolId: 'eu-west-1_pool', Username: 'ada@example.com' },
      },
    ]);
  });

  it('takes a user the pool does not have as signed out already', async () => {
    const { pool } = fakeCognito(new UserNotFoundException({ message: 'No user', ...meta }));

    await expect(pool.signOutEverywhere('ada@example.com')).resolves.toBeUndefined();
  });
});
