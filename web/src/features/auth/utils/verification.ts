import type { User } from '@hatchworks/shared/schemas/users';
import { ApiError } from '../../../lib/api-error';

/** Three attempts, 15 s each, waiting 2 s then 4 s between them. */
export const VERIFICATION_POLICY = {
  attempts: 3,
  attemptTimeoutMs: 15_000,
  backoffMs: [2_000, 4_000],
} as const;

/** Recorded when a failure carries no message of its own. */
export const VERIFICATION_MESSAGES = {
  failed: 'Failed to verify user',
  noUser: 'User verification failed',
  timedOut: 'Request timed out',
} as const;

/** The states of verifying the signed-in user. */
export type VerificationState =
  | { readonly status: 'not_started' }
  | { readonly status: 'not_authenticated' }
  | { readonly status: 'waiting_for_user_data'; readonly attempt: number }
  | { readonly status: 'user_verified'; readonly user: User }
  | { readonly status: 'verification_error'; readonly message: string };

export type VerificationEvent =
  | { readonly type: 'signed_out' }
  | { readonly type: 'started' }
  | { readonly type: 'attempt_failed'; readonly message: string; readonly retryable: boolean }
  | { readonly type: 'verified'; readonly user: User };

export const INITIAL_VERIFICATION: VerificationState = { status: 'not_started' };

/** The transitions: sign-in starts attempt 1, a failure moves on or gives up after the third. */
export function verificationReducer(
  state: VerificationState,
  event: VerificationEvent,
): VerificationState {
  switch (event.type) {
    case 'signed_out':
      return { status: 'not_authenticated' };
    case 'started':
      return { status: 'waiting_for_user_data', attempt: 1 };
    case 'verified':
      return state.status === 'waiting_for_user_data'
        ? { status: 'user_verified', user: event.user }
        : state;
    case 'attempt_failed': {
      if (state.status !== 'waiting_for_user_data') return state;
      const message = event.message.trim() || VERIFICATION_MESSAGES.failed;
      if (!event.retryable || state.attempt >= VERIFICATION_POLICY.attempts) {
        return { status: 'verification_error', message };
      }
      return { status: 'waiting_for_user_data', attempt: state.attempt + 1 };
    }
  }
}

/** The pause before an attempt: none before the first, then 2 s, then 4 s. */
export function backoffBefore(attempt: number): number {
  if (attempt <= 1) return 0;
  return VERIFICATION_POLICY.backoffMs[attempt - 2] ?? VERIFICATION_POLICY.backoffMs[1];
}

/**
 * Whether another attempt can help: a 4xx answer (other than timeout and rate limit) will not
 * change, so it ends the verification at once; network failures, timeouts and 5xx are retried.
 */
export function isRetryableFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 408 || error.status === 429) return true;
  return error.status === 0 || error.status >= 500;
}

function failureMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : VERIFICATION_MESSAGES.failed;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal.aborted) {
      resolve();
      return;
    }
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export interface RunVerificationOptions {
  /** One verify-user call; it must give up when `signal` aborts. */
  readonly verify: (signal: AbortSignal) => Promise<User>;
  /** Called with every state the run passes through. */
  readonly onChange: (state: VerificationState) => void;
  /** Cancels the whole run (sign-out, unmount); no further state is reported. */
  readonly signal: AbortSignal;
}

/**
 * Verifies the signed-in identity against the server under the retry policy above and reports each
 * state. Resolves with the final state (`user_verified` or `verification_error`), or with the
 * last reported one when cancelled.
 */
export async function runVerification({
  verify,
  onChange,
  signal,
}: RunVerificationOptions): Promise<VerificationState> {
  let state = verificationReducer(INITIAL_VERIFICATION, { type: 'started' });
  onChange(state);
  while (state.status === 'waiting_for_user_data') {
    await sleep(backoffBefore(state.attempt), signal);
    if (signal.aborted) return state;
    const attempt = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      attempt.abort();
    }, VERIFICATION_POLICY.attemptTimeoutMs);
    const cancel = () => attempt.abort();
    signal.addEventListener('abort', cancel, { once: true });
    let event: VerificationEvent;
    try {
      event = { type: 'verified', user: await verify(attempt.signal) };
    } catch (error) {
      event = {
        type: 'attempt_failed',
        message: timedOut ? VERIFICATION_MESSAGES.timedOut : failureMessage(error),
        retryable: timedOut || isRetryableFailure(error),
      };
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', cancel);
    }
    if (signal.aborted) return state;
    state = verificationReducer(state, event);
    onChange(state);
  }
  return state;
}
