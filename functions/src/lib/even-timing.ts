import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How long the answers that must not tell whether an address has an account take at least
 * (password reset, resend verification): long enough to cover reading the account and queueing
 * its mail, so a known and an unknown address answer alike.
 */
export const EVEN_ANSWER_MS = 500;

/** Waits until `EVEN_ANSWER_MS` have passed since `startedAt` (a `Date.now()`). */
export async function answerNoSoonerThan(startedAt: number, ms = EVEN_ANSWER_MS): Promise<void> {
  const left = startedAt + ms - Date.now();
  if (left > 0) await sleep(left);
}
