import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getFeatureMerge,
  mergeFeature,
  unmergeFeature,
} from '@hatchworks/shared/contracts/features';
import type { MergeStatus } from '@hatchworks/shared/schemas/merge';
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

/** Whether a merge or unmerge has steps left (the server answered 202). */
export const inProgress = (status: MergeStatus) =>
  status.state === 'merging' || status.state === 'unmerging';

export type MergeRun =
  | { readonly phase: 'idle' }
  | { readonly phase: 'running'; readonly status: MergeStatus | null }
  | { readonly phase: 'done'; readonly status: MergeStatus }
  | { readonly phase: 'failed'; readonly error: unknown; readonly status: MergeStatus | null };

/**
 * Runs a merge or an unmerge to its end: POSTs again while the server answers that steps remain,
 * reporting each answer (votes moved, remaining). Stops when the component goes away; the same
 * POST later resumes where it stopped. When done, every feature list, the request pages, the
 * voters' votes and the header's user reload.
 */
export function useMergeRunner(
  /** What reloads when done (issue 13, tracker merges pass the tracker's key). */
  reload: readonly (readonly unknown[])[] = [['features'], ['user']],
) {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<MergeRun>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = async (step: (signal: AbortSignal) => Promise<MergeStatus>) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    let status: MergeStatus | null = null;
    setRun({ phase: 'running', status });
    try {
      do {
        status = await step(controller.signal);
        if (controller.signal.aborted) return null;
        setRun({ phase: inProgress(status) ? 'running' : 'done', status });
      } while (inProgress(status));
      await Promise.all(
        reload.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })),
      );
      return status;
    } catch (error) {
      if (controller.signal.aborted) return null;
      setRun({ phase: 'failed', error, status });
      // What a failed step did is real: the lists show it.
      void queryClient.invalidateQueries({ queryKey: [...(reload[0] ?? ['features'])] });
      return null;
    }
  };

  return { run, start };
}
