import { useMutation } from '@tanstack/react-query';
import { claimDailyEggs as route } from '@hatchworks/shared/contracts/eggs';
import type { DailyClaimResult } from '@hatchworks/shared/schemas/daily-claim';
import { api } from '../../../lib/api-client';

/** The claim-daily answer. */
export type DailyClaim = DailyClaimResult;

/** The daily claim's failure texts. */
export const CLAIM_MESSAGES = {
  failed: 'Failed to claim daily eggs. Please try again.',
  nothingEarned: 'Unable to claim daily eggs',
  fallback: 'Failed to claim daily eggs',
  claimed: (eggs: number) => `Claimed ${eggs} eggs!`,
} as const;

export const MINUTE_MS = 60_000;

/**
 * The wait until the next claim: 'in 13 h' for an hour or more (to the nearest hour), 'in 25 min'
 * under an hour (rounded up, so the last seconds read 'in 1 min').
 */
export function claimWaitText(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / MINUTE_MS));
  return minutes < 60 ? `in ${minutes} min` : `in ${Math.round(minutes / 60)} h`;
}

/**
 * `POST /api/user/claim-daily-eggs`: the daily 100 eggs, once per day. Each click is its own
 * claim with its own `Idempotency-Key`, which the client's retries of that click repeat.
 */
export async function claimDailyEggs(): Promise<DailyClaim> {
  const envelope = await api(route, {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    fallbackMessage: CLAIM_MESSAGES.fallback,
  });
  return envelope.data;
}

export function useClaimDailyEggs() {
  return useMutation({ mutationFn: claimDailyEggs });
}
