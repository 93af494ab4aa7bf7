import { useMutation } from '@tanstack/react-query';
import * as z from '@hatchworks/shared/zod';
import { successEnvelope } from '@hatchworks/shared/schemas/envelope';
import { apiRequest } from '../../../lib/api-client';

/** The claim-daily answer. */
export const DailyClaimSchema = z.object({
  eggs_earned: z.number().check(z.int()),
  new_balance: z.number().check(z.int()),
});
export type DailyClaim = z.infer<typeof DailyClaimSchema>;

/** The daily claim's failure texts. */
export const CLAIM_MESSAGES = {
  failed: 'Failed to claim daily eggs. Please try again.',
  nothingEarned: 'Unable to claim daily eggs',
  fallback: 'Failed to claim daily eggs',
  claimed: (eggs: number) => `Claimed ${eggs} eggs!`,
} as const;

const DailyClaimEnvelopeSchema = successEnvelope(DailyClaimSchema);

/** `POST /api/user/claim-daily-eggs`: the daily 100 eggs, once per day. */
export async function claimDailyEggs(): Promise<DailyClaim> {
  const envelope = await apiRequest('/user/claim-daily-eggs', {
    method: 'POST',
    schema: DailyClaimEnvelopeSchema,
    fallbackMessage: CLAIM_MESSAGES.fallback,
  });
  return envelope.data;
}

export function useClaimDailyEggs() {
  return useMutation({ mutationFn: claimDailyEggs });
}
