import { useQuery } from '@tanstack/react-query';
import {
  getFeatureMerge,
  mergeFeature,
  unmergeFeature,
} from '@hatchworks/shared/contracts/features';
import { api } from '../../../lib/api-client';

/** The messages of a merge or unmerge that failed without a reason of the server's. */
export const MERGE_FAILED = 'Failed to merge the requests';
export const UNMERGE_FAILED = 'Failed to undo the merge';

/**
 * `POST /api/admin/features/{id}/merge`: merges request `id` into `intoId` (or resumes that
 * merge) for a few seconds of steps; `merging` means POST again.
 */
export async function postMerge(id: string, intoId: string, signal?: AbortSignal) {
  const envelope = await api(mergeFeature, {
    params: { id },
    body: { into_id: intoId },
    fallbackMessage: MERGE_FAILED,
    // One POST runs steps for up to ~5 s server time: give it more than the 10 s default.
    timeoutMs: 30_000,
    signal,
  });
  return envelope.data.merge;
}

/** `POST /api/admin/features/{id}/unmerge`: undoes (or resumes undoing) the merge of `id`. */
export async function postUnmerge(id: string, signal?: AbortSignal) {
  const envelope = await api(unmergeFeature, {
    params: { id },
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
        await api(getFeatureMerge, {
          params: { id },
          fallbackMessage: 'Failed to load the merge',
          signal,
        })
      ).data.merge,
    enabled,
    retry: false,
  });
}
