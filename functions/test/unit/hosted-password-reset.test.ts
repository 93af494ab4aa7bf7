import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { SetPasswordOutcome } from '../../src/modules/accounts/credentials-repository';
import {
  endSessionsAfterHostedReset,
  type HostedResetSteps,
} from '../../src/modules/accounts/hosted-password-reset';
import type { StoredUser } from '../../src/modules/accounts/users-repository';

/** A post-confirmation event as the user pool sends it. */
function confirmation(
  triggerSource: PostConfirmationTriggerEvent['triggerSource'],
  email = 'Ada@Example.com',
): PostConfirmationTriggerEvent {
  return {
    version: '1',
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_pool',
    userName: '5f0c-sub',
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: 'spa' },
    triggerSource,
    request: { userAttributes: { sub: '5f0c-sub', email, email_verified: 'true' } },
    response: {},
  } as PostConfirmationTriggerEvent;
}

const user = { id: 'u1', email: 'ada@example.com', token_version: 4 } as StoredUser;

/** Steps that find `found` and answer the session ends in turn, recording every call. */
function steps(found: StoredUser | undefined, ends: SetPasswordOutcome[] = ['set']) {
  const calls: string[] = [];
  const recorded: HostedResetSteps = {
    signOut: async (pool, name) => {
      calls.push(`signOut ${pool} ${name}`);
    },
    findUser: async (email) => {
      calls.push(`findUser ${email}`);
      return found;
    },
    endSessions: async (account) => {
      calls.push(`endSessions ${account.id}`);
      return ends.shift() ?? 'set';
    },
  };
  return { recorded, calls };
}

describe("the hosted login's forgot-password: Cognito's post-confirmation trigger", () => {
  it("revokes the pool user's refresh tokens and ends the account's sessions after a reset", async () => {
    // Prepare
    const { recorded, calls } = steps(user);
    const event = confirmation('PostConfirmation_ConfirmForgotPassword');
    // Act
    const answer = await endSessionsAfterHostedReset(recorded)(event);
    // Assess
    expect(answer).toBe(event);
    expect(calls).toEqual([
      'signOut eu-west-1_pool 5f0c-sub',
      'findUser ada@example.com',
      'endSessions u1',
    ]);
  });

  it('reads the account again when its sessions ended meanwhile', async () => {
    // Prepare
    const { recorded, calls } = steps(user, ['stale', 'set']);
    // Act
    await endSessionsAfterHostedReset(recorded)(
      confirmation('PostConfirmation_ConfirmForgotPassword'),
    );
    // Assess
    expect(calls.filter((call) => call.startsWith('endSessions'))).toHaveLength(2);
  });

  it('fails, so Cognito reports it, when the sessions could not be ended', async () => {
    const { recorded } = steps(user, ['stale', 'stale', 'stale']);

    await expect(
      endSessionsAfterHostedReset(recorded)(confirmation('PostConfirmation_ConfirmForgotPassword')),
    ).rejects.toThrow('Your sessions could not be ended');
  });

  it('only signs out a pool user that has no product account yet', async () => {
    // Prepare
    const { recorded, calls } = steps(undefined);
    // Act
    await endSessionsAfterHostedReset(recorded)(
      confirmation('PostConfirmation_ConfirmForgotPassword'),
    );
    // Assess
    expect(calls).toEqual(['signOut eu-west-1_pool 5f0c-sub', 'findUser ada@example.com']);
  });

  it('does nothing when a sign-up is confirmed: no password changed', async () => {
    // Prepare
    const { recorded, calls } = steps(user);
    // Act
    await endSessionsAfterHostedReset(recorded)(confirmation('PostConfirmation_ConfirmSignUp'));
    // Assess
    expect(calls).toEqual([]);
  });
});
