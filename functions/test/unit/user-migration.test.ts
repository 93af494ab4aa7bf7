import type { UserMigrationTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { PasswordSignIn } from '../../src/modules/accounts/password-sign-in';
import type { StoredUser } from '../../src/modules/accounts/users-repository';
import { MIGRATION_MESSAGES, migrateUser } from '../../src/modules/accounts/user-migration';

/** A Cognito user-migration event as the hosted login sends it. */
function migrationEvent(
  triggerSource: UserMigrationTriggerEvent['triggerSource'] = 'UserMigration_Authentication',
  userName = 'Ada@Example.com ',
): UserMigrationTriggerEvent {
  return {
    version: '1',
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_pool',
    userName,
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: 'spa' },
    triggerSource,
    request: { password: 'the password typed' },
    response: { userAttributes: {}, desiredDeliveryMediums: [] },
  } as UserMigrationTriggerEvent;
}

const user = { id: 'u1', email: 'ada@example.com', is_verified: true } as StoredUser;

/** A sign-in that answers `outcome` and remembers what it was asked. */
function signInAnswering(outcome: PasswordSignIn) {
  const calls: [string, string, string | null][] = [];
  const signIn = async (email: string, password: string, client: string | null) => {
    calls.push([email, password, client]);
    return outcome;
  };
  return { signIn, calls };
}

describe('the Cognito user-migration trigger', () => {
  it('migrates a verified account with the right password as a confirmed user, silently', async () => {
    // Prepare
    const { signIn, calls } = signInAnswering({ kind: 'signed-in', user });
    // Act
    const answer = await migrateUser(signIn)(migrationEvent());
    // Assess
    expect(calls).toEqual([['ada@example.com', 'the password typed', null]]);
    expect(answer.response).toMatchObject({
      userAttributes: { email: 'ada@example.com', email_verified: 'true' },
      finalUserStatus: 'CONFIRMED',
      messageAction: 'SUPPRESS',
    });
  });

  it('refuses an unverified account, asking to verify the email first', async () => {
    const { signIn } = signInAnswering({ kind: 'unverified' });

    await expect(migrateUser(signIn)(migrationEvent())).rejects.toThrow(
      MIGRATION_MESSAGES.unverified,
    );
  });

  it('refuses a wrong password or an unknown email', async () => {
    const { signIn } = signInAnswering({ kind: 'invalid' });

    await expect(migrateUser(signIn)(migrationEvent())).rejects.toThrow(MIGRATION_MESSAGES.invalid);
  });

  it('refuses while the account is throttled, saying for how long', async () => {
    const { signIn } = signInAnswering({ kind: 'throttled', retryAfterSeconds: 61 });

    await expect(migrateUser(signIn)(migrationEvent())).rejects.toThrow(
      'Too many failed sign-in attempts. Try again in 2 minutes.',
    );
  });

  it('refuses the forgot-password migration without checking anything', async () => {
    // Prepare
    const { signIn, calls } = signInAnswering({ kind: 'signed-in', user });
    // Act + Assess
    await expect(
      migrateUser(signIn)(migrationEvent('UserMigration_ForgotPassword')),
    ).rejects.toThrow(MIGRATION_MESSAGES.forgotPassword);
    expect(calls).toEqual([]);
  });
});
