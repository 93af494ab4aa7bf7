import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateFeatureStatus } from '@hatchworks/shared/contracts/features';
import type { Feature, FeatureStatus } from '@hatchworks/shared/schemas/features';
import { api } from '../../../lib/api-client';
import { roadmapKeys } from '../../../lib/api/roadmap-keys';

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
  const envelope = await api(updateFeatureStatus, {
    params: { id: change.id },
    body: { status: change.status, ...(notes ? { approval_notes: notes } : {}) },
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
