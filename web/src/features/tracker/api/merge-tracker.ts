import {
  listProjectSuggestions,
  listTrackerRequests,
  trackerMerge,
} from '@hatchworks/shared/contracts/tracker';
import type { MergeStatus } from '@hatchworks/shared/schemas/merge';
import type { SearchMatch } from '@hatchworks/shared/schemas/search';
import type { MergeCandidates } from '../../../components/votable/merge';
import { api } from '../../../lib/api-client';

/** Which tracker records merge: requests into requests, suggestions into suggestions. */
export type TrackerMergeType = 'feature_request' | 'project_suggestion';

export const TRACKER_MERGE_FAILED = 'Failed to merge';
export const TRACKER_UNMERGE_FAILED = 'Failed to undo the merge';

/**
 * `POST /api/admin/tracker/merges`: one step run of a merge (`intoId` given) or of its
 * undoing; the answer's state says whether steps remain (POST again).
 */
export async function postTrackerMerge(
  type: TrackerMergeType,
  fromId: string,
  intoId: string | null,
  signal?: AbortSignal,
): Promise<MergeStatus> {
  const envelope = await api(trackerMerge, {
    body: intoId
      ? { type, action: 'merge', from_id: fromId, into_id: intoId }
      : { type, action: 'unmerge', from_id: fromId },
    fallbackMessage: intoId ? TRACKER_MERGE_FAILED : TRACKER_UNMERGE_FAILED,
    // One POST runs steps for up to ~5 s server time.
    timeoutMs: 30_000,
    signal,
  });
  return envelope.data.merge;
}

/** A record the dialog offers to merge into. */
export interface TrackerCandidate {
  readonly id: string;
  readonly title: string;
  readonly votes: number;
  readonly status: string;
}

/** Records of this kind matching `q` (the search, first page), except `exceptId`. */
export async function searchTrackerCandidates(
  type: TrackerMergeType,
  q: string,
  exceptId: string,
  signal?: AbortSignal,
): Promise<MergeCandidates<TrackerCandidate>> {
  const query = { q, limit: 10 };
  let found: TrackerCandidate[];
  let match: SearchMatch | undefined;
  if (type === 'feature_request') {
    const { data } = await api(listTrackerRequests, {
      query,
      fallbackMessage: 'Failed to search the requests',
      signal,
    });
    match = data.match;
    found = data.feature_requests.map((each) => ({
      id: each.id,
      title: each.title,
      votes: each.votes,
      status: each.status,
    }));
  } else {
    const { data } = await api(listProjectSuggestions, {
      query,
      fallbackMessage: 'Failed to search the suggestions',
      signal,
    });
    match = data.match;
    found = data.project_suggestions.map((each) => ({
      id: each.id,
      title: each.name,
      votes: each.votes,
      status: each.status ?? 'Open',
    }));
  }
  return {
    items: found.filter((each) => each.id !== exceptId && each.status !== 'Closed'),
    match,
  };
}
