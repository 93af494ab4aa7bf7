import type { UserMigrationTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type {
  SetPasswordOutcome,
  StoredPassword,
} from '../../src/modules/accounts/credentials-repository';
import type { ProductPasswordSignIn } from '../../src/modules/accounts/password-sign-in';
import type { StoredUser } from '../../src/modules/accounts/users-repository';
import {
  MIGRATION_MESSAGES,
  migrateUser,
  type MigrationSteps,
} from '../../src/modules/accounts/user-migration';

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
const stored: StoredPassword = { hash: 'scrypt$the-hash', legacy: false };

/**
 * Migration steps whose product sign-in answers `outcome` and whose move answers `moved`, which
 * remember what they were asked.
 */
function stepsAnswering(outcome: ProductPasswordSignIn, moved: SetPasswordOutcome = 'set') {
  const calls: [string, string, string | null][] = [];
  const moves: [StoredUser, StoredPassword][] = [];
  const steps: MigrationSteps = {
    signIn: async (email, password, client) => {
      calls.push([email, password, client]);
      return outcome;
    },
    moveToPool: async (account, checked) => {
      moves.push([account, checked]);
      return moved;
    },
  };
  return { steps, calls, moves };
}

describe('the Cognito user-migration trigger', () => {
  it('migrates a verified account with the right password as a confirmed user, silently', async () => {
    // Prepare
    const { steps, calls } = stepsAnswering({ kind: 'signed-in', user, stored });
    // Act
    const answer = await migrateUser(steps)(migrationEvent());
    // Assess
    expect(calls).toEqual([['ada@example.com', 'the password typed', null]]);
    expect(answer.response).toMatchObject({
      userAttributes: { email: 'ada@example.com', email_verified: 'true' },
      finalUserStatus: 'CONFIRMED',
      messageAction: 'SUPPRESS',
    });
  });

  it("moves the account's password into the pool, deleting the product's copy it was checked against", async () => {
    // Prepare
    const { steps, moves } = stepsAnswering({ kind: 'signed-in', user, stored });
    // Act
    await migrateUser(steps)(migrationEvent());
    // Assess
    expect(moves).toEqual([[user, stored]]);
  });

  it('refuses as a wrong password when the password changed since it was checked', async () => {
    // Prepare
    const { steps } = stepsAnswering({ kind: 'signed-in', user, stored }, 'stale');
    // Act + Assess
    await expect(migrateUser(steps)(migrationEvent())).rejects.toThrow(MIGRATION_MESSAGES.invalid);
  });

  it('refuses an unverified account, asking to verify the email first', async () => {
    const { steps } = stepsAnswering({ kind: 'unverified' });

    await expect(migrateUser(steps)(migrationEvent())).rejects.toThrow(
      MIGRATION_MESSAGES.unverified,
    );
  });

  it('refuses a wrong password or an unknown email', async () => {
    const { steps } = stepsAnswering({ kind: 'invalid' });

    await expect(migrateUser(steps)(migrationEvent())).rejects.toThrow(MIGRATION_MESSAGES.invalid);
  });

  it('refuses while the account is throttled, saying for how long', async () => {
    const { steps } = stepsAnswering({ kind: 'throttled', retryAfterSeconds: 61 });

    await expect(migrateUser(steps)(migrationEvent())).rejects.toThrow(
      'Too many failed sign-in attempts. Try again in 2 minutes.',
    );
  });

  it('refuses the forgot-password migration without checking anything', async () => {
    // Prepare
    const { steps, calls, moves } = stepsAnswering({ kind: 'signed-in', user, stored });
    // Act + Assess
    await expect(
      migrateUser(steps)(migrationEvent('UserMigration_ForgotPassword')),
    ).rejects.toThrow(MIGRATION_MESSAGES.forgotPassword);
    expect(calls).toEqual([]);
    expect(moves).toEqual([]);
  });
});
