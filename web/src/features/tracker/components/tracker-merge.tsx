import { useState } from 'react';
import { Link } from 'react-router-dom';
import { unmergeUntil } from '@hatchworks/shared/schemas/merge';
import type {
  TrackerMergedFrom,
  TrackerMergedInto,
} from '@hatchworks/shared/schemas/tracker-merge';
import { Modal } from '../../../components/ui/modal';
import {
  MergeControl,
  MergedFromNote,
  useMergeNotice,
  type MergeKind,
} from '../../../components/votable/merge';
import { MergeProgress } from '../../../components/votable/merge-progress';
import { detailHref } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useMergeRunner } from '../../../lib/merge-runner';
import '../../../components/votable/merge-dialog.css';
import {
  TRACKER_MERGE_FAILED,
  TRACKER_UNMERGE_FAILED,
  postTrackerMerge,
  searchTrackerCandidates,
  type TrackerCandidate,
  type TrackerMergeType,
} from '../api/merge-tracker';
import { trackerKeys } from '../api/keys';

/*
 * 'Merge into…' for admins on a tracker request's or suggestion's page, the 'Merged into' banner
 * (with 'Undo merge') on a merged one, and 'Merged from' on the one it joined: the votable merge
 * pieces with the tracker's words, API and query keys.
 */

/** What the tracker merge pieces need of a request or suggestion. */
export interface TrackerMergeSubject {
  readonly type: TrackerMergeType;
  readonly id: string;
  readonly title: string;
  readonly votes: number;
  readonly status: string;
  readonly merged_into?: TrackerMergedInto | undefined;
}

const href = (type: TrackerMergeType, id: string) =>
  type === 'feature_request' ? detailHref.trackerRequest(id) : detailHref.trackerSuggestion(id);
const noun = (type: TrackerMergeType) => (type === 'feature_request' ? 'request' : 'suggestion');
const votesText = (votes: number) => `${votes} ${Math.abs(votes) === 1 ? 'vote' : 'votes'}`;
const RELOAD = [trackerKeys.all] as const;

/** The merge of one kind of tracker record, in the votable merge dialog. */
function trackerMergeKind(
  type: TrackerMergeType,
): MergeKind<TrackerMergeSubject, TrackerCandidate> {
  return {
    noun: noun(type),
    moving: 'votes',
    placeholder: `Search ${noun(type)}s`,
    candidates: (subject, q) => ({
      queryKey: [...trackerKeys.all, 'merge-candidates', type, subject.id, q],
      queryFn: ({ signal }) => searchTrackerCandidates(type, q, subject.id, signal),
    }),
    searchFailed: 'Failed to search',
    found: (count) => `${count} found.`,
    noMatch: (q) => `Nothing matches “${q}”.`,
    candidateMeta: (candidate) => (
      <>
        <span>{candidate.status}</span>
        <span>{votesText(candidate.votes)}</span>
      </>
    ),
    moves: (subject, into) => (
      <>
        <li>
          Its votes (net {votesText(subject.votes)}) move to “{into.title}”; someone who voted on
          both keeps their own vote there.
        </li>
        <li>You can undo the merge for 30 days.</li>
      </>
    ),
    mergeLabel: 'Merge',
    mergeFailed: TRACKER_MERGE_FAILED,
    merge: (subject, into, signal) => postTrackerMerge(type, subject.id, into.id, signal),
    reload: RELOAD,
    href: (id) => href(type, id),
    mergedNotice: (subject, done) =>
      `“${subject.title}” was merged into this ${noun(type)}: ${done.moved} ${
        done.moved === 1 ? 'vote' : 'votes'
      } moved here.`,
  };
}

const MERGE_KINDS = {
  feature_request: trackerMergeKind('feature_request'),
  project_suggestion: trackerMergeKind('project_suggestion'),
};

/** On a merged record's page: 'Merged into <B>'; admins may undo it within 30 days. */
export function TrackerMergedBanner({
  subject,
  onUnmerged,
}: {
  subject: TrackerMergeSubject;
  onUnmerged: (notice: string) => void;
}) {
  const { user } = useSession();
  const [confirming, setConfirming] = useState(false);
  const [openedAt] = useState(() => Date.now());
  const { run, start } = useMergeRunner(RELOAD);
  const into = subject.merged_into;
  if (!into) return null;
  const until = into.merged_at ? unmergeUntil(into.merged_at) : null;
  const canUndo = user?.role === 'admin' && (until === null || openedAt <= until.getTime());
  const undo = async () => {
    const done = await start((signal) => postTrackerMerge(subject.type, subject.id, null, signal));
    if (!done) return;
    setConfirming(false);
    onUnmerged('The merge was undone: every vote that moved is back here.');
  };
  return (
    <div className="merge-banner" role="note" aria-label={`Merged ${noun(subject.type)}`}>
      <p className="merge-banner__text">
        Merged into <Link to={href(subject.type, into.id)}>{into.title}</Link>. Its votes count
        there; vote and comment there.
      </p>
      {canUndo ? (
        <div className="merge-banner__actions">
          <button
            type="button"
            className="button button--secondary button--sm"
            aria-haspopup="dialog"
            onClick={() => setConfirming(true)}
          >
            {until ? 'Undo merge' : 'Finish or undo merge'}
          </button>
          {until ? (
            <span className="merge-banner__hint">
              Possible until {formatDate(until.toISOString())}.
            </span>
          ) : null}
        </div>
      ) : null}
      {confirming ? (
        <Modal
          title="Undo merge"
          onClose={run.phase === 'running' ? () => undefined : () => setConfirming(false)}
          closeOnBackdrop={false}
        >
          <div className="merge-dialog">
            <p>
              Undo the merge of “<strong>{subject.title}</strong>” into “
              <strong>{into.title}</strong>”? Every vote that moved goes back exactly as it was.
            </p>
            <MergeProgress
              run={run}
              undoing
              fallback={TRACKER_UNMERGE_FAILED}
              onRetry={() => void undo()}
            />
            {run.phase === 'idle' || run.phase === 'failed' ? (
              <div className="modal__actions">
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => setConfirming(false)}
                >
                  Cancel
                </button>
                {run.phase === 'idle' ? (
                  <button
                    type="button"
                    className="button button--primary"
                    onClick={() => void undo()}
                  >
                    Undo merge
                  </button>
                ) : null}
              </div>
            ) : null}
          </div>
        </Modal>
      ) : null}
    </div>
  );
}

/**
 * Everything merge on a tracker record's page: the status line of a merge that just finished
 * (from the navigation) or an undone one, the 'Merged into' banner, 'Merged from' and, for
 * admins, 'Merge into…'.
 */
export function TrackerMergeSection({
  subject,
  mergedFrom,
}: {
  subject: TrackerMergeSubject;
  mergedFrom: readonly TrackerMergedFrom[] | undefined;
}) {
  const { region, setNotice } = useMergeNotice();
  return (
    <>
      {region}
      {subject.merged_into ? (
        <TrackerMergedBanner subject={subject} onUnmerged={setNotice} />
      ) : null}
      {mergedFrom?.length ? (
        <MergedFromNote from={mergedFrom} href={(id) => href(subject.type, id)} />
      ) : null}
      <MergeControl
        kind={MERGE_KINDS[subject.type]}
        item={subject}
        mergeable={!subject.merged_into && subject.status === 'Open'}
      />
    </>
  );
}
