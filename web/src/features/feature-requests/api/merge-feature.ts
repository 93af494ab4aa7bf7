import { useQuery } from '@tanstack/react-query';
import { successEnvelope } from '@hatchworks/shared/schemas/envelope';
import { MergeResultSchema } from '@hatchworks/shared/schemas/merge';
import { apiRequest } from '../../../lib/api-client';

/** The messages of a merge or unmerge that failed without a reason of the server's. */
export const MERGE_FAILED = 'Failed to merge the requests';
export const UNMERGE_FAILED = 'Failed to undo the merge';

const MergeEnvelope = successEnvelope(MergeResultSchema);

const adminPath = (id: string, action: 'merge' | 'unmerge') =>
  `/admin/features/${encodeURIComponent(id)}/${action}`;

/**
 * `POST /api/admin/features/{id}/merge`: merges request `id` into `intoId` (or resumes that
 * merge) for a few seconds of steps; `merging` means POST again.
 */
export async function postMerge(id: string, intoId: string, signal?: AbortSignal) {
  const envelope = await apiRequest(adminPath(id, 'merge'), {
    method: 'POST',
    body: { into_id: intoId },
    schema: MergeEnvelope,
    fallbackMessage: MERGE_FAILED,
    // One POST runs steps for up to ~5 s server time: give it more than the 10 s default.
    timeoutMs: 30_000,
    signal,
  });
  return envelope.data.merge;
}

/** `POST /api/admin/features/{id}/unmerge`: undoes (or resumes undoing) the merge of `id`. */
export async function postUnmerge(id: string, signal?: AbortSignal) {
  const envelope = await apiRequest(adminPath(id, 'unmerge'), {
    method: 'POST',
    schema: MergeEnvelope,
    fallbackMessage: UNMERGE_FAILED,
    timeoutMs: 30_000,
    signal,
  });
  return envelope.data.merge;
}

export const mergeKeys = {
  status: (id: string) => ['features', 'merge', id] as const,
};

/** `GET /api/admin/features/{id}/merge` (admins): where the merge of a merged request stands. */
export function useMergeStatus(id: string, enabled: boolean) {
  return useQuery({
    queryKey: mergeKeys.status(id),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(adminPath(id, 'merge'), {
          schema: MergeEnvelope,
          fallbackMessage: 'Failed to load the merge',
          signal,
        })
      ).data.merge,
    enabled,
    retry: false,
  });
}
