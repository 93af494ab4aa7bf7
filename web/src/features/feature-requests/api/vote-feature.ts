import { useMutation, useQueryClient } from '@tanstack/react-query';
import { voteFeature as route } from '@hatchworks/shared/contracts/features';
import type { VoteResult } from '@hatchworks/shared/schemas/features';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** The vote modal's message when the server gives none. */
export const VOTE_FAILED = 'Failed to cast vote';

export interface VoteFeatureRequest {
  readonly featureId: string;
  readonly eggs: number;
  /** Sent as `Idempotency-Key`: a retried vote is charged once. */
  readonly idempotencyKey: string;
}

/** `POST /api/features/vote`: puts `eggs` of the caller's balance on an approved feature. */
export async function voteFeature({
  featureId,
  eggs,
  idempotencyKey,
}: VoteFeatureRequest): Promise<VoteResult> {
  const envelope = await api(route, {
    body: { feature_id: featureId, eggs_allocated: eggs },
    headers: { 'Idempotency-Key': idempotencyKey },
    fallbackMessage: VOTE_FAILED,
  });
  return envelope.data;
}

/**
 * After a vote the lists and the user's data reload, even when the modal was closed while
 * the vote was on its way.
 */
export function useVoteFeature() {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: voteFeature,
    onSuccess: (result) => {
      if (session.user) session.updateUser({ ...session.user, egg_balance: result.new_balance });
      void queryClient.invalidateQueries({ queryKey: ['features'] });
      void queryClient.invalidateQueries({ queryKey: ['user'] });
    },
    // On failure too: the server may know a newer balance than this page (spent in another tab).
    onSettled: () => session.refreshUser().catch((error: unknown) => console.warn(error)),
  });
}
