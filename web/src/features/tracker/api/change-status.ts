import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  updateProjectSuggestionStatus,
  updateTrackerRequestStatus,
} from '@hatchworks/shared/contracts/tracker';
import type {
  TrackerStatusCode,
  TrackerStatusResult,
} from '@hatchworks/shared/schemas/tracker-status';
import { api } from '../../../lib/api-client';
import { roadmapKeys } from '../../../lib/api/roadmap-keys';
import { trackerKeys } from './keys';

/** The tracker subjects whose status an admin changes. */
export type StatusSubjectType = 'tracker_request' | 'tracker_suggestion';

export type StatusResult = TrackerStatusResult;

const ROUTES = {
  tracker_request: updateTrackerRequestStatus,
  tracker_suggestion: updateProjectSuggestionStatus,
} as const;

export const CHANGE_STATUS_FALLBACK_MESSAGE = 'Failed to change the status';

export interface StatusChange {
  readonly subjectType: StatusSubjectType;
  readonly id: string;
  readonly status: TrackerStatusCode;
  readonly note: string;
}

/** `PUT /api/tracker/{feature-requests|project-suggestions}/{id}/status` (admins). */
export async function changeTrackerStatus(change: StatusChange): Promise<StatusResult> {
  const envelope = await api(ROUTES[change.subjectType], {
    params: { id: change.id },
    body: { status: change.status, note: change.note.trim() || undefined },
    fallbackMessage: CHANGE_STATUS_FALLBACK_MESSAGE,
  });
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
