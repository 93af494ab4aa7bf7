import type { MergeStatus } from '@hatchworks/shared/schemas/merge';
import { FormError } from '../ui/form-error';
import { formErrorMessage } from '../../lib/api-error';
import type { MergeRun } from '../../lib/merge-runner';
import { countOf } from '../../lib/format';

/** 'Moving votes: 15 of 45 moved.' and the like, for the live region and the progress bar. */
export function progressText(status: MergeStatus | null, undoing: boolean): string {
  const verb = undoing ? 'Putting votes back' : 'Moving votes';
  if (!status) return `${verb}...`;
  const done = status.moved;
  if (status.state === 'merged') return `Merged: ${countOf(done, 'vote')} moved.`;
  if (status.state === 'unmerged') return 'Merge undone: every vote is back.';
  if (status.remaining === null) return `${verb}: ${countOf(done, 'vote')} so far...`;
  return undoing
    ? `${verb}: ${countOf(status.remaining, 'vote')} to go...`
    : `${verb}: ${done} of ${countOf(done + status.remaining, 'vote')} moved...`;
}

interface MergeProgressProps {
  run: MergeRun;
  undoing: boolean;
  /** The message of a failure that carries none. */
  fallback: string;
  /** 'Try again' after a failure: the same POST resumes where it stopped. */
  onRetry: () => void;
}

/**
 * A merge or unmerge under way: a progress bar while the server answers that steps
 * remain, its count in a polite live region, and on failure the server's reason with 'Try again'.
 */
export function MergeProgress({ run, undoing, fallback, onRetry }: MergeProgressProps) {
  if (run.phase === 'idle') return null;
  const status = run.status;
  const total = status && status.remaining !== null ? status.moved + status.remaining : null;
  const value = status ? (undoing ? (total ?? 0) - (status.remaining ?? 0) : status.moved) : 0;
  return (
    <div className="merge-progress">
      {run.phase === 'running' ? (
        <progress
          className="merge-progress__bar"
          aria-label={undoing ? 'Votes put back' : 'Votes moved'}
          {...(total ? { max: total, value } : {})}
        />
      ) : null}
      <p className="merge-progress__text" role="status">
        {run.phase === 'failed' ? '' : progressText(status, undoing)}
      </p>
      {run.phase === 'failed' ? (
        <>
          <FormError message={formErrorMessage(run.error, fallback)} />
          <div className="modal__actions">
            <button type="button" className="button button--primary" onClick={onRetry}>
              Try again
            </button>
          </div>
        </>
      ) : null}
    </div>
  );
}
