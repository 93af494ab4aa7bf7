import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successEnvelope } from '@hatchworks/shared/schemas/envelope';
import {
  FeatureSchema,
  type Feature,
  type FeatureStatus,
} from '@hatchworks/shared/schemas/features';
import { apiRequest } from '../../../lib/api-client';
import { roadmapKeys } from '../../../lib/api/roadmap-keys';

const FeatureEnvelopeSchema = successEnvelope(FeatureSchema);

export const CHANGE_FEATURE_STATUS_FALLBACK = 'Failed to change the status';

export interface FeatureStatusChange {
  readonly id: string;
  readonly status: FeatureStatus;
  /** Optional; blank notes are not sent. */
  readonly notes: string;
}

/** `PUT /api/admin/features/{id}/status` (admins): work moves approved → in progress → completed. */
export async function changeFeatureStatus(change: FeatureStatusChange): Promise<Feature> {
  const notes = change.notes.trim();
  const envelope = await apiRequest(`/admin/features/${encodeURIComponent(change.id)}/status`, {
    method: 'PUT',
    body: { status: change.status, ...(notes ? { approval_notes: notes } : {}) },
    schema: FeatureEnvelopeSchema,
    fallbackMessage: CHANGE_FEATURE_STATUS_FALLBACK,
  });
  return envelope.data;
}

/** A status change, then the feature lists, its page and the roadmap reload. */
export function useChangeFeatureStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeFeatureStatus,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['features'] }),
        queryClient.invalidateQueries({ queryKey: roadmapKeys.all }),
      ]);
    },
  });
}
