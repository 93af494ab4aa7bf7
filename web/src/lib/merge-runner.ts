import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MergeStatus } from '@hatchworks/shared/schemas/merge';

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
  /** What reloads when done. */
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
