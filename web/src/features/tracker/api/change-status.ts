import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successEnvelope } from '@hatchworks/shared/schemas/envelope';
import * as z from '@hatchworks/shared/zod';
import type { TrackerStatusCode } from '@hatchworks/shared/schemas/tracker-status';
import { TRACKER_STATUSES } from '@hatchworks/shared/schemas/tracker';
import { apiRequest } from '../../../lib/api-client';
import { roadmapKeys } from '../../../lib/api/roadmap-keys';
import { trackerKeys } from './keys';

/** The tracker subjects whose status an admin changes. */
export type StatusSubjectType = 'tracker_request' | 'tracker_suggestion';

const StatusResultSchema = z.object({
  subject_type: z.enum(['tracker_request', 'tracker_suggestion']),
  id: z.string(),
  status: z.enum(TRACKER_STATUSES),
  status_changed_at: z.string(),
  status_note: z.nullable(z.string()),
  completed_at: z.nullable(z.string()),
});
export type StatusResult = z.infer<typeof StatusResultSchema>;

const ResultEnvelopeSchema = successEnvelope(StatusResultSchema);

const COLLECTIONS: Readonly<Record<StatusSubjectType, string>> = {
  tracker_request: 'feature-requests',
  tracker_suggestion: 'project-suggestions',
};

export const CHANGE_STATUS_FALLBACK_MESSAGE = 'Failed to change the status';

export interface StatusChange {
  readonly subjectType: StatusSubjectType;
  readonly id: string;
  readonly status: TrackerStatusCode;
  readonly note: string;
}

/** `PUT /api/tracker/{feature-requests|project-suggestions}/{id}/status` (admins). */
export async function changeTrackerStatus(change: StatusChange): Promise<StatusResult> {
  const envelope = await apiRequest(
    `/tracker/${COLLECTIONS[change.subjectType]}/${encodeURIComponent(change.id)}/status`,
    {
      method: 'PUT',
      body: { status: change.status, note: change.note.trim() || undefined },
      schema: ResultEnvelopeSchema,
      fallbackMessage: CHANGE_STATUS_FALLBACK_MESSAGE,
    },
  );
  return envelope.data;
}

/**
 * A status change, then everything that shows statuses reloads: every tracker list, the detail
 * pages, the stats tiles and the activity (all under `trackerKeys.all`), and the roadmap.
 */
export function useChangeTrackerStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeTrackerStatus,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: trackerKeys.all });
      void queryClient.invalidateQueries({ queryKey: roadmapKeys.all });
    },
  });
}
