import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@hatchworks/shared/schemas/users';
import {
  backoffBefore,
  runVerification,
  verificationReducer,
  type VerificationState,
} from '../../src/features/auth/utils/verification';
import { ApiError } from '../../src/lib/api-error';

const user: User = {
  id: '01HZX',
  email: 'ada@example.test',
  username: 'ada',
  display_name: 'Ada',
  role: 'user',
  is_verified: true,
  has_password: false,
  egg_balance: 500,
  can_claim_daily: true,
  member_since: '2025-01-02T00:00:00.000Z',
  stats: { features_created: 0, votes_cast: 0 },
};
const serverError = () =>
  new ApiError('Server error occurred. Please try again later.', {
    status: 500,
    code: 'SERVER_ERROR',
  });

describe('verification state machine', () => {
  it('starts waiting for user data on attempt 1', () => {
    expect(verificationReducer({ status: 'not_started' }, { type: 'started' })).toEqual({
      status: 'waiting_for_user_data',
      attempt: 1,
    });
  });

  it('moves to user_verified with the server user', () => {
    const state = verificationReducer(
      { status: 'waiting_for_user_data', attempt: 2 },
      { type: 'verified', user },
    );
    expect(state).toEqual({ status: 'user_verified', user });
  });

  it('retries a retryable failure until the third attempt, then records the message', () => {
    const fail = { type: 'attempt_failed', message: 'boom', retryable: true } as const;
    let state: VerificationState = { status: 'waiting_for_user_data', attempt: 1 };
    state = verificationReducer(state, fail);
    expect(state).toEqual({ status: 'waiting_for_user_data', attempt: 2 });
    state = verificationReducer(state, fail);
    expect(state).toEqual({ status: 'waiting_for_user_data', attempt: 3 });
    state = verificationReducer(state, fail);
    expect(state).toEqual({ status: 'verification_error', message: 'boom' });
  });

  it('gives up at once on a failure that cannot change', () => {
    const state = verificationReducer(
      { status: 'waiting_for_user_data', attempt: 1 },
      { type: 'attempt_failed', message: 'Nope', retryable: false },
    );
    expect(state).toEqual({ status: 'verification_error', message: 'Nope' });
  });

  it('records "Failed to verify user" when the failure has no message', () => {
    const state = verificationReducer(
      { status: 'waiting_for_user_data', attempt: 3 },
      { type: 'attempt_failed', message: '  ', retryable: true },
    );
    expect(state).toEqual({ status: 'verification_error', message: 'Failed to verify user' });
  });

  it('becomes not_authenticated when signed out, from any state', () => {
    expect(verificationReducer({ status: 'user_verified', user }, { type: 'signed_out' })).toEqual({
      status: 'not_authenticated',
    });
  });

  it('ignores results that arrive when nothing is waiting', () => {
    const state: VerificationState = { status: 'not_authenticated' };
    expect(verificationReducer(state, { type: 'verified', user })).toBe(state);
  });

  it('waits nothing before attempt 1, 2 s before attempt 2 and 4 s before attempt 3', () => {
    expect([1, 2, 3].map(backoffBefore)).toEqual([0, 2_000, 4_000]);
  });
});

describe('runVerification', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('verifies on the first attempt without waiting', async () => {
    // Prepare
    const verify = vi.fn().mockResolvedValue(user);
    const states: VerificationState[] = [];

    // Act
    const final = await runVerification({
      verify,
      onChange: (state) => states.push(state),
      signal: new AbortController().signal,
    });

    // Assess
    expect(final).toEqual({ status: 'user_verified', user });
    expect(states.map((state) => state.status)).toEqual(['waiting_for_user_data', 'user_verified']);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('retries after 2 s and then 4 s, and succeeds on the third attempt', async () => {
    // Prepare
    const verify = vi
      .fn()
      .mockRejectedValueOnce(serverError())
      .mockRejectedValueOnce(serverError())
      .mockResolvedValueOnce(user);
    const run = runVerification({
      verify,
      onChange: () => undefined,
      signal: new AbortController().signal,
    });

    // Act / Assess
    await vi.advanceTimersByTimeAsync(0);
    expect(verify).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(verify).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(verify).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(verify).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(verify).toHaveBeenCalledTimes(3);
    expect(await run).toEqual({ status: 'user_verified', user });
  });

  it('records the server message after three failed attempts', async () => {
    // Prepare
    const verify = vi.fn().mockRejectedValue(serverError());

    // Act
    const run = runVerification({
      verify,
      onChange: () => undefined,
      signal: new AbortController().signal,
    });
    await vi.advanceTimersByTimeAsync(6_000);

    // Assess
    expect(await run).toEqual({
      status: 'verification_error',
      message: 'Server error occurred. Please try again later.',
    });
    expect(verify).toHaveBeenCalledTimes(3);
  });

  it('abandons an attempt after 15 s and counts it as failed', async () => {
    // Prepare
    const verify = vi.fn(
      (signal: AbortSignal) =>
        new Promise<User>((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );

    // Act
    const run = runVerification({
      verify,
      onChange: () => undefined,
      signal: new AbortController().signal,
    });
    await vi.advanceTimersByTimeAsync(14_999);
    expect(verify).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(15_000 * 3 + 6_000);

    // Assess
    expect(await run).toEqual({ status: 'verification_error', message: 'Request timed out' });
    expect(verify).toHaveBeenCalledTimes(3);
  });

  it('does not retry a 4xx answer', async () => {
    // Prepare
    const conflict = new ApiError('An account with this email already exists', {
      status: 409,
      code: 'CONFLICT',
    });
    const verify = vi.fn().mockRejectedValue(conflict);

    // Act
    const final = await runVerification({
      verify,
      onChange: () => undefined,
      signal: new AbortController().signal,
    });

    // Assess
    expect(final).toEqual({
      status: 'verification_error',
      message: 'An account with this email already exists',
    });
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('stops reporting once cancelled', async () => {
    // Prepare
    const controller = new AbortController();
    const verify = vi.fn().mockRejectedValue(serverError());
    const states: VerificationState[] = [];
    const run = runVerification({
      verify,
      onChange: (state) => states.push(state),
      signal: controller.signal,
    });
    await vi.advanceTimersByTimeAsync(0);

    // Act
    controller.abort();
    await vi.advanceTimersByTimeAsync(10_000);
    await run;

    // Assess
    expect(verify).toHaveBeenCalledTimes(1);
    expect(states.at(-1)).toEqual({ status: 'waiting_for_user_data', attempt: 2 });
  });
});
