import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approveFeature, rejectFeature } from '@hatchworks/shared/contracts/features';
import type { Feature } from '@hatchworks/shared/schemas/features';
import { api } from '../../../lib/api-client';

/** An admin's decision on a pending request. */
export type ModerationAction = 'approve' | 'reject';

export interface ModerateFeatureArgs {
  readonly id: string;
  readonly action: ModerationAction;
  /** Optional; blank notes are not sent. */
  readonly notes?: string;
  /** Sent as `Idempotency-Key`: a retried rejection refunds once. */
  readonly idempotencyKey?: string;
}

/** The browser alert after a failed approval or rejection. */
export function moderationFailureMessage(action: ModerationAction, error: unknown): string {
  const reason = error instanceof Error && error.message.trim() ? error.message : 'Unknown error';
  return `Failed to ${action} feature: ${reason}`;
}

/** `POST /api/admin/features/{id}/approve` or `/reject` (admin) with the optional notes. */
export async function moderateFeature({
  id,
  action,
  notes,
  idempotencyKey,
}: ModerateFeatureArgs): Promise<Feature> {
  const trimmed = notes?.trim();
  const envelope = await api(action === 'approve' ? approveFeature : rejectFeature, {
    params: { id },
    body: trimmed ? { notes: trimmed } : {},
    ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
    fallbackMessage: `Failed to ${action} feature`,
  });
  return envelope.data;
}

/** After approve or reject the list reloads. */
export function useModerateFeature(options: { onSuccess?: (feature: Feature) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateFeature,
    // The list has reloaded before the caller hears of it, so a closing dialog shows the result.
    onSuccess: async (feature) => {
      await queryClient.invalidateQueries({ queryKey: ['features'] });
      options.onSuccess?.(feature);
    },
  });
}
