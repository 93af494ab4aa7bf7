import {
  NotAuthorizedException,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endAllSessions, replacePassword } from '../../src/modules/accounts/account-passwords';
import { poolPasswords, type PoolClient } from '../../src/modules/accounts/cognito-passwords';
import { movePasswordToUserPool } from '../../src/modules/accounts/credentials-repository';
import { passwordSignIn, productPasswordSignIn } from '../../src/modules/accounts/password-sign-in';
import { hashPassword } from '../../src/modules/accounts/passwords';
import { toApiUser, type StoredUser } from '../../src/modules/accounts/users-repository';
import { db } from '../../src/modules/table/client';

const meta = { $metadata: {} };
const POOL_ID = 'eu-west-1_pool';

/** A user whose password lives in the user pool (a hosted sign-up, or a migrated account). */
const poolUser: StoredUser = {
  id: 'u-pool',
  email: 'ada@example.com',
  username: 'ada',
  display_name: 'Ada',
  role: 'user',
  is_verified: true,
  egg_balance: 500,
  features_created: 0,
  votes_cast: 0,
  created_at: '2024-01-01T00:00:00.000Z',
  token_version: 2,
  password_store: 'cognito',
};

interface Written {
  readonly command: string;
  readonly input: Record<string, unknown>;
}

/**
 * The table as the data layer sees it: GetItem answers from `items` (by `PK|SK`), every other
 * command is recorded and succeeds.
 */
function fakeTable(items: Record<string, Record<string, unknown>>) {
  const written: Written[] = [];
  vi.spyOn(db, 'send').mockImplementation((async (command: {
    constructor: { name: string };
    input: Record<string, unknown>;
  }) => {
    const { name } = command.constructor;
    if (name === 'GetCommand') {
      const key = command.input.Key as { PK: string; SK: string };
      return { Item: items[`${key.PK}|${key.SK}`] };
    }
    written.push({ command: name, input: command.input });
    return {};
  }) as never);
  return written;
}

/** The items that find `user` by email, and the user itself. */
const accountItems = (user: StoredUser, extra: Record<string, Record<string, unknown>> = {}) => ({
  [`UNIQUE#EMAIL#${user.email}|UNIQUE`]: { user_id: user.id },
  [`USER#${user.id}|PROFILE`]: { ...user },
  ...extra,
});

/** A user pool whose `send` answers each command by name, recording what it was sent. */
function fakePool(answers: Record<string, unknown | Error> = {}) {
  const sent: { name: string; input: Record<string, unknown> }[] = [];
  const client: PoolClient = {
    send: async (command) => {
      const name = command.constructor.name;
      sent.push({ name, input: command.input as unknown as Record<string, unknown> });
      const answer = answers[name] ?? {};
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return { pool: poolPasswords(client, { userPoolId: POOL_ID, clientId: 'spa' }), sent };
}

/** The rate-limit writes among `written`: taking a slot (+1) or giving it back (-1). */
const slotMoves = (written: readonly Written[]) =>
  written
    .filter((write) => String((write.input.Key as { PK?: string })?.PK).startsWith('RATE#'))
    .map((write) => (write.input.ExpressionAttributeValues as { ':one'?: 1 })[':one'] ?? -1);

beforeEach(() => {
  // The cheapest cost the hashing allows, for the product-store paths below.
  vi.stubEnv('PASSWORD_SCRYPT_N', String(2 ** 14));
});

describe('POST /api/auth/login for an account whose password lives in the user pool', () => {
  it('signs in through AdminInitiateAuth, never reading a product copy, and gives the slot back', async () => {
    // Prepare
    const written = fakeTable(
      accountItems(poolUser, {
        [`CREDENTIAL#${poolUser.id}|PASSWORD`]: { password_hash: 'a stale copy' },
      }),
    );
    const read = vi.mocked(db.send);
    const { pool, sent } = fakePool({
      AdminInitiateAuthCommand: { AuthenticationResult: { AccessToken: 'unused' } },
    });
    // Act
    const outcome = await passwordSignIn('Ada@Example.com', 'the pool password', '10.0.0.1', pool);
    // Assess
    expect(outcome).toEqual({ kind: 'signed-in', user: poolUser });
    expect(sent.map((command) => command.name)).toEqual(['AdminInitiateAuthCommand']);
    expect(sent[0]?.input).toMatchObject({
      AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: 'ada@example.com', PASSWORD: 'the pool password' },
    });
    const keysRead = read.mock.calls.map(([command]) => JSON.stringify(command.input));
    expect(keysRead.filter((key) => key.includes('CREDENTIAL#'))).toEqual([]);
    expect(slotMoves(written)).toEqual([1, 1, -1, -1]);
  });

  it('refuses a wrong password as invalid and keeps its slots taken', async () => {
    // Prepare
    const written = fakeTable(accountItems(poolUser));
    const { pool } = fakePool({
      AdminInitiateAuthCommand: new NotAuthorizedException({ message: 'Incorrect', ...meta }),
    });
    // Act
    const outcome = await passwordSignIn('ada@example.com', 'a guess', '10.0.0.1', pool);
    // Assess
    expect(outcome).toEqual({ kind: 'invalid' });
    expect(slotMoves(written)).toEqual([1, 1]);
  });

  it('answers a second step (TOTP) as one that only the hosted login can take', async () => {
    // Prepare
    fakeTable(accountItems(poolUser));
    const { pool } = fakePool({
      AdminInitiateAuthCommand: { ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 's' },
    });
    // Act
    const outcome = await passwordSignIn('ada@example.com', 'the pool password', '10.0.0.1', pool);
    // Assess
    expect(outcome).toEqual({ kind: 'second-step', user: poolUser });
  });

  it('checks a product account in the product and never asks the pool', async () => {
    // Prepare
    const product = { ...poolUser, id: 'u-product', password_store: undefined };
    const hash = await hashPassword('the product password');
    fakeTable(
      accountItems(product, { [`CREDENTIAL#${product.id}|PASSWORD`]: { password_hash: hash } }),
    );
    const { pool, sent } = fakePool();
    // Act
    const outcome = await passwordSignIn(
      'ada@example.com',
      'the product password',
      '10.0.0.1',
      pool,
    );
    // Assess
    expect(outcome).toMatchObject({ kind: 'signed-in', user: { id: 'u-product' } });
    expect(sent).toEqual([]);
  });
});

describe("the migration trigger's check and move", () => {
  it('never accepts the product copy of a password that lives in the pool', async () => {
    // Prepare
    const hash = await hashPassword('the old product password');
    fakeTable(
      accountItems(poolUser, { [`CREDENTIAL#${poolUser.id}|PASSWORD`]: { password_hash: hash } }),
    );
    // Act
    const outcome = await productPasswordSignIn(
      'ada@example.com',
      'the old product password',
      null,
    );
    // Assess
    expect(outcome).toEqual({ kind: 'invalid' });
  });

  it('records the pool as the store and deletes the copy on the condition it is the one checked', async () => {
    // Prepare
    const written = fakeTable({});
    const product = { ...poolUser, password_store: undefined, has_password: true };
    // Act
    const outcome = await movePasswordToUserPool(product, {
      hash: 'scrypt$checked',
      legacy: false,
    });
    // Assess
    expect(outcome).toBe('set');
    const [transaction] = written;
    expect(transaction?.command).toBe('TransactWriteCommand');
    expect(transaction?.input.TransactItems).toEqual([
      {
        Update: expect.objectContaining({
          Key: { PK: `USER#${poolUser.id}`, SK: 'PROFILE' },
          UpdateExpression: 'SET password_store = :pool REMOVE has_password, password_hash',
          ExpressionAttributeValues: { ':pool': 'cognito' },
        }),
      },
      {
        Delete: expect.objectContaining({
          Key: { PK: `CREDENTIAL#${poolUser.id}`, SK: 'PASSWORD' },
          ConditionExpression: 'password_hash = :old',
          ExpressionAttributeValues: { ':old': 'scrypt$checked' },
        }),
      },
    ]);
  });
});

describe('changing a password kept in the user pool', () => {
  it('sets it in the pool, revokes its refresh tokens, then ends the product sessions without a copy', async () => {
    // Prepare
    const written = fakeTable({});
    const { pool, sent } = fakePool();
    // Act
    const changed = await replacePassword(poolUser, 'a new long passphrase', {}, pool);
    // Assess
    expect(sent).toEqual([
      {
        name: 'AdminSetUserPasswordCommand',
        input: {
          UserPoolId: POOL_ID,
          Username: 'ada@example.com',
          Password: 'a new long passphrase',
          Permanent: true,
        },
      },
      {
        name: 'AdminUserGlobalSignOutCommand',
        input: { UserPoolId: POOL_ID, Username: 'ada@example.com' },
      },
    ]);
    expect(written).toEqual([
      {
        command: 'UpdateCommand',
        input: expect.objectContaining({
          Key: { PK: `USER#${poolUser.id}`, SK: 'PROFILE' },
          UpdateExpression: 'SET token_version = :next, sessions_valid_after = :since',
          ExpressionAttributeValues: expect.objectContaining({ ':next': 3, ':read': 2 }),
        }),
      },
    ]);
    expect(changed).toEqual({ kind: 'ended', user: { ...poolUser, token_version: 3 } });
    expect(toApiUser(poolUser).has_password).toBe(true);
  });

  it('uses up a reset link in the same write that ends the sessions', async () => {
    // Prepare
    const written = fakeTable({});
    const { pool } = fakePool();
    // Act
    await replacePassword(poolUser, 'a new long passphrase', { resetTokenHash: 'h' }, pool);
    // Assess
    const [transaction] = written;
    expect(transaction?.command).toBe('TransactWriteCommand');
    expect(transaction?.input.TransactItems).toEqual([
      { Update: expect.objectContaining({ Key: { PK: `USER#${poolUser.id}`, SK: 'PROFILE' } }) },
      {
        Delete: expect.objectContaining({
          Key: { PK: `CREDENTIAL#${poolUser.id}`, SK: 'TOKEN#reset-password' },
        }),
      },
    ]);
  });
});

describe('a reset link for an account the pool does not have', () => {
  it('falls back to the product store when AdminSetUserPassword answers UserNotFoundException', async () => {
    // Prepare
    const written = fakeTable({});
    const { pool, sent } = fakePool({
      AdminSetUserPasswordCommand: new UserNotFoundException({ message: 'No user', ...meta }),
    });
    // Act
    const reset = await replacePassword(
      poolUser,
      'a new long passphrase',
      { resetTokenHash: 'h' },
      pool,
    );
    // Assess
    expect(sent.map((command) => command.name)).toEqual(['AdminSetUserPasswordCommand']);
    const [transaction] = written;
    const items = transaction?.input.TransactItems as Record<string, Record<string, unknown>>[];
    expect(items[0]?.Update).toMatchObject({
      UpdateExpression:
        'SET has_password = :true, token_version = :next, sessions_valid_after = :since REMOVE password_hash, password_store',
    });
    expect(items[1]?.Put?.Item).toMatchObject({
      PK: `CREDENTIAL#${poolUser.id}`,
      SK: 'PASSWORD',
      password_hash: expect.stringMatching(/^scrypt\$/),
    });
    expect(items[2]?.Delete).toMatchObject({
      Key: { PK: `CREDENTIAL#${poolUser.id}`, SK: 'TOKEN#reset-password' },
    });
    expect(reset.kind === 'ended' && reset.user.password_store).toBeUndefined();
  });

  it('keeps the password in the product when no pool is configured', async () => {
    // Prepare
    const written = fakeTable({});
    // Act
    await replacePassword(poolUser, 'a new long passphrase', {}, undefined);
    // Assess
    const items = written[0]?.input.TransactItems as Record<string, Record<string, unknown>>[];
    expect(items[1]?.Put?.Item).toMatchObject({ SK: 'PASSWORD' });
  });
});

describe('DELETE /api/user/sessions ("sign out everywhere")', () => {
  it("revokes a pool account's refresh tokens before ending the product's sessions", async () => {
    // Prepare
    const written = fakeTable({});
    const { pool, sent } = fakePool();
    // Act
    const ended = await endAllSessions(poolUser, pool);
    // Assess
    expect(sent.map((command) => command.name)).toEqual(['AdminUserGlobalSignOutCommand']);
    expect(written.map((write) => write.command)).toEqual(['UpdateCommand']);
    expect(ended.kind).toBe('ended');
  });

  it('asks the pool nothing for a product account', async () => {
    // Prepare
    fakeTable({});
    const { pool, sent } = fakePool();
    // Act
    await endAllSessions({ ...poolUser, password_store: undefined }, pool);
    // Assess
    expect(sent).toEqual([]);
  });

  it('ends nothing in the product when the pool fails, so the caller can try again', async () => {
    // Prepare
    const written = fakeTable({});
    const { pool } = fakePool({ AdminUserGlobalSignOutCommand: new Error('Cognito is down') });
    // Act + Assess
    await expect(endAllSessions(poolUser, pool)).rejects.toThrow('Cognito is down');
    expect(written).toEqual([]);
  });
});

describe('where the password of a hosted identity lives', () => {
  const poolIssuer = `https://cognito-idp.eu-west-1.amazonaws.com/${POOL_ID}`;

  /** `passwordStoreOf(issuer)` in a function configured with `environment`. */
  async function storeOf(issuer: string, environment: Record<string, string | undefined>) {
    for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
    vi.resetModules();
    const { passwordStoreOf } = await import('../../src/modules/accounts/password-store');
    return passwordStoreOf(issuer);
  }

  it("is the user pool for an identity of the stack's own pool", async () => {
    expect(await storeOf(poolIssuer, { AUTH_ISSUER: poolIssuer, USER_POOL_ID: POOL_ID })).toBe(
      'cognito',
    );
  });

  it('is nowhere for an external issuer', async () => {
    const issuer = 'https://tenant.eu.auth0.com/';

    expect(await storeOf(issuer, { AUTH_ISSUER: issuer, USER_POOL_ID: undefined })).toBeUndefined();
  });
});
