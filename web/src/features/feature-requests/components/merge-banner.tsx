import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Feature } from '@hatchworks/shared/schemas/features';
import { unmergeUntil } from '@hatchworks/shared/schemas/merge';
import { Modal } from '../../../components/ui/modal';
import { detailHref } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import {
  MERGE_FAILED,
  UNMERGE_FAILED,
  postMerge,
  postUnmerge,
  useMergeStatus,
} from '../api/merge-feature';
import { countOf } from '../../../lib/format';
import { useMergeRunner } from '../../../lib/merge-runner';
import { MergeProgress } from '../../../components/votable/merge-progress';
import '../../../components/votable/merge-dialog.css';

interface MergedBannerProps {
  /** Request A, merged into another. */
  feature: Feature;
  /** After an undone merge, what the page says (the banner goes with the merge). */
  onUnmerged: (notice: string) => void;
}

/**
 * On a merged request's page: 'Merged into <B>' linking to B. Admins also see
 * 'Undo merge' until 30 days after the merge, or 'Resume' for a merge or unmerge that stopped
 * midway.
 */
export function MergedBanner({ feature, onUnmerged }: MergedBannerProps) {
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const status = useMergeStatus(feature.id, isAdmin);
  const [dialog, setDialog] = useState<'unmerge' | 'resume' | null>(null);
  // When the page opened: 'Undo merge' is offered if the 30 days had not ended by then (the server
  // has the last word either way).
  const [openedAt] = useState(() => Date.now());
  const into = feature.merged_into;
  const state = status.data?.state;
  const until = feature.merged_at ? unmergeUntil(feature.merged_at) : null;
  const canUndo = isAdmin && state === 'merged' && until !== null && openedAt <= until.getTime();
  const stopped = isAdmin && (state === 'merging' || state === 'unmerging');

  return (
    <div className="merge-banner" role="note" aria-label="Merged request">
      <p className="merge-banner__text">
        {into ? (
          <>
            Merged into <Link to={detailHref.feature(into.id)}>{into.title}</Link>. Its votes and
            eggs count there; vote and comment there.
          </>
        ) : (
          'Merged into another request.'
        )}
      </p>
      {canUndo && until ? (
        <div className="merge-banner__actions">
          <button
            type="button"
            className="button button--secondary button--sm"
            aria-haspopup="dialog"
            onClick={() => setDialog('unmerge')}
          >
            Undo merge
          </button>
          <span className="merge-banner__hint">
            Possible until {formatDate(until.toISOString())}.
          </span>
        </div>
      ) : null}
      {stopped ? (
        <div className="merge-banner__actions">
          <span className="merge-banner__hint">
            {state === 'merging'
              ? 'This merge stopped midway.'
              : 'Undoing this merge stopped midway.'}
          </span>
          <button
            type="button"
            className="button button--primary button--sm"
            aria-haspopup="dialog"
            onClick={() => setDialog('resume')}
          >
            {state === 'merging' ? 'Resume merge' : 'Resume undo'}
          </button>
        </div>
      ) : null}
      {status.isError && isAdmin ? (
        <p className="merge-banner__hint" role="alert">
          The merge&apos;s state could not be loaded, so it cannot be undone from here now.
        </p>
      ) : null}
      {dialog && status.data ? (
        <UnmergeDialog
          feature={feature}
          resumeMerge={dialog === 'resume' && state === 'merging' ? status.data.into_id : null}
          onClose={() => setDialog(null)}
          onDone={(notice) => {
            setDialog(null);
            onUnmerged(notice);
          }}
        />
      ) : null}
    </div>
  );
}

interface UnmergeDialogProps {
  feature: Feature;
  /** Resumes the stopped merge into this request instead of undoing it. */
  resumeMerge: string | null;
  onClose: () => void;
  onDone: (notice: string) => void;
}

/** 'Undo merge' (or resuming a stopped one): confirm, then the steps with their progress. */
function UnmergeDialog({ feature, resumeMerge, onClose, onDone }: UnmergeDialogProps) {
  const { run, start } = useMergeRunner();
  const into = feature.merged_into;
  const undoing = resumeMerge === null;
  const go = async () => {
    const done = await start((signal) =>
      resumeMerge ? postMerge(feature.id, resumeMerge, signal) : postUnmerge(feature.id, signal),
    );
    if (!done) return;
    onDone(
      undoing
        ? 'The merge was undone: every vote that moved is back on this request.'
        : `The merge finished: ${countOf(done.moved, 'vote')} moved.`,
    );
  };
  const running = run.phase === 'running';

  return (
    <Modal
      title={undoing ? 'Undo merge' : 'Resume merge'}
      onClose={running ? () => undefined : onClose}
      closeOnBackdrop={false}
    >
      <div className="merge-dialog">
        <p>
          {undoing ? (
            <>
              Undo the merge of “<strong>{feature.title}</strong>” into “
              <strong>{into?.title ?? 'another request'}</strong>”? Every vote that moved goes back
              exactly as it was, and this request returns to its earlier status.
            </>
          ) : (
            <>
              Finish merging “<strong>{feature.title}</strong>” into “
              <strong>{into?.title ?? 'another request'}</strong>”?
            </>
          )}
        </p>
        <MergeProgress
          run={run}
          undoing={undoing}
          fallback={undoing ? UNMERGE_FAILED : MERGE_FAILED}
          onRetry={() => void go()}
        />
        {run.phase === 'idle' ? (
          <div className="modal__actions">
            <button type="button" className="button button--secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="button" className="button button--primary" onClick={() => void go()}>
              {undoing ? 'Undo merge' : 'Resume merge'}
            </button>
          </div>
        ) : run.phase === 'failed' ? (
          <div className="modal__actions">
            <button type="button" className="button button--secondary" onClick={onClose}>
              Close
            </button>
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
