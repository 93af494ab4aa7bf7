import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { unmergeUntil } from '@hatchworks/shared/schemas/merge';
import type {
  TrackerMergedFrom,
  TrackerMergedInto,
} from '@hatchworks/shared/schemas/tracker-merge';
import { Modal } from '../../../components/ui/modal';
import { SearchBox } from '../../../components/ui/search-box';
import { LoadingState } from '../../../components/ui/spinner';
import { detailHref } from '../../../config/paths';
import { formErrorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useMergeRunner } from '../../../lib/merge-runner';
import { MergeProgress } from '../../../components/votable/merge-progress';
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
 * Issue 13, tracker slice: 'Merge into…' for admins on a tracker request's or suggestion's page,
 * the 'Merged into' banner (with 'Undo merge') on a merged one, and 'Merged from' on the one it
 * joined. The steps and their progress are the feature merge's (useMergeRunner, MergeProgress).
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

/** What B's page says after a merge (navigation state). */
export interface TrackerMergedNotice {
  readonly mergedNotice: string;
}

/** Admins, on an open record that is not merged: 'Merge into…'. */
export function TrackerMergeControl({ subject }: { subject: TrackerMergeSubject }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (user?.role !== 'admin' || subject.merged_into || subject.status !== 'Open') return null;
  return (
    <div className="merge-control">
      <button
        type="button"
        className="button button--secondary button--sm"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Merge into…
      </button>
      {open ? <TrackerMergeDialog subject={subject} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

function Candidates({
  subject,
  picked,
  onPick,
}: {
  subject: TrackerMergeSubject;
  picked: TrackerCandidate | null;
  onPick: (candidate: TrackerCandidate) => void;
}) {
  const id = useId();
  const [q, setQ] = useState<string | undefined>(undefined);
  const candidates = useQuery({
    queryKey: [...trackerKeys.all, 'merge-candidates', subject.type, subject.id, q],
    queryFn: ({ signal }) => searchTrackerCandidates(subject.type, q ?? '', subject.id, signal),
    enabled: q !== undefined,
    retry: false,
  });
  const found = candidates.data ?? [];
  let results;
  if (q === undefined) {
    results = (
      <p className="merge-dialog__hint">
        Type a few words of the {noun(subject.type)} to merge into.
      </p>
    );
  } else if (candidates.isPending) {
    results = <LoadingState label="Searching..." />;
  } else if (candidates.isError) {
    results = (
      <div className="form-error" role="alert">
        <p>{formErrorMessage(candidates.error, 'Failed to search')}</p>
      </div>
    );
  } else if (found.length === 0) {
    results = <p className="merge-dialog__hint">Nothing matches “{q}”.</p>;
  } else {
    results = (
      <fieldset className="merge-dialog__candidates">
        <legend className="visually-hidden">Merge into</legend>
        {found.map((candidate) => (
          <div key={candidate.id} className="merge-dialog__candidate">
            <input
              id={`${id}-${candidate.id}`}
              type="radio"
              name={`${id}-into`}
              value={candidate.id}
              checked={picked?.id === candidate.id}
              onChange={() => onPick(candidate)}
              aria-describedby={`${id}-${candidate.id}-meta`}
            />
            <div className="merge-dialog__candidate-body">
              <label htmlFor={`${id}-${candidate.id}`} className="merge-dialog__candidate-title">
                {candidate.title}
              </label>
              <span id={`${id}-${candidate.id}-meta`} className="merge-dialog__candidate-meta">
                <span>{candidate.status}</span>
                <span>{votesText(candidate.votes)}</span>
              </span>
            </div>
          </div>
        ))}
      </fieldset>
    );
  }
  return (
    <div className="merge-dialog__picker">
      <SearchBox
        id={`${id}-search`}
        value={q}
        onSearch={setQ}
        placeholder={`Search ${noun(subject.type)}s`}
        describedBy={`${id}-status`}
      />
      <p id={`${id}-status`} className="visually-hidden" role="status">
        {q === undefined || candidates.isPending ? '' : `${found.length} found.`}
      </p>
      {results}
    </div>
  );
}

/** Pick B, confirm with both names and what moves, then the steps; done → B's page. */
export function TrackerMergeDialog({
  subject,
  onClose,
}: {
  subject: TrackerMergeSubject;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [picked, setPicked] = useState<TrackerCandidate | null>(null);
  const [step, setStep] = useState<'pick' | 'confirm' | 'run'>('pick');
  const { run, start } = useMergeRunner(RELOAD);
  const merge = async (into: TrackerCandidate) => {
    setStep('run');
    const done = await start((signal) =>
      postTrackerMerge(subject.type, subject.id, into.id, signal),
    );
    if (!done) return;
    const state: TrackerMergedNotice = {
      mergedNotice: `“${subject.title}” was merged into this ${noun(subject.type)}: ${done.moved} ${
        done.moved === 1 ? 'vote' : 'votes'
      } moved here.`,
    };
    navigate(href(subject.type, into.id), { state });
  };
  const running = step === 'run' && run.phase !== 'failed';
  return (
    <Modal
      title={`Merge into another ${noun(subject.type)}`}
      onClose={running ? () => undefined : onClose}
      closeOnBackdrop={false}
    >
      {step === 'pick' ? (
        <form
          className="merge-dialog"
          onSubmit={(event) => {
            event.preventDefault();
            if (picked) setStep('confirm');
          }}
        >
          <p className="merge-dialog__intro">
            Merge “<strong>{subject.title}</strong>” into the {noun(subject.type)} it duplicates.
            Its votes move there; it becomes read-only and links to it.
          </p>
          <Candidates subject={subject} picked={picked} onPick={setPicked} />
          <div className="modal__actions">
            <button type="button" className="button button--secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button button--primary" disabled={!picked}>
              Continue
            </button>
          </div>
        </form>
      ) : picked ? (
        <div className="merge-dialog">
          <div className="merge-dialog__confirm">
            <p>
              Merge “<strong>{subject.title}</strong>” into “<strong>{picked.title}</strong>”?
            </p>
            <ul className="merge-dialog__moves">
              <li>
                Its votes (net {votesText(subject.votes)}) move to “{picked.title}”; someone who
                voted on both keeps their own vote there.
              </li>
              <li>You can undo the merge for 30 days.</li>
            </ul>
          </div>
          {step === 'run' ? (
            <MergeProgress
              run={run}
              undoing={false}
              fallback={TRACKER_MERGE_FAILED}
              onRetry={() => void merge(picked)}
            />
          ) : null}
          <div className="modal__actions">
            {step === 'confirm' ? (
              <>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => setStep('pick')}
                >
                  Back
                </button>
                <button
                  type="button"
                  className="button button--accent"
                  onClick={() => void merge(picked)}
                >
                  Merge
                </button>
              </>
            ) : run.phase === 'failed' ? (
              <button type="button" className="button button--secondary" onClick={onClose}>
                Close
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

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

/** On B's page: the records merged into it, each linking to its page. */
export function TrackerMergedFromNote({
  type,
  from,
}: {
  type: TrackerMergeType;
  from: readonly TrackerMergedFrom[];
}) {
  if (from.length === 0) return null;
  return (
    <div className="merge-banner merge-banner--from">
      <p className="merge-banner__text">
        Merged from{' '}
        {from.map((each, index) => (
          <span key={each.id}>
            {index > 0 ? ', ' : null}
            <Link to={href(type, each.id)}>{each.title}</Link>
          </span>
        ))}
        . Their votes count here.
      </p>
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
  const location = useLocation();
  const navigate = useNavigate();
  const incoming = (location.state as Partial<TrackerMergedNotice> | null)?.mergedNotice;
  const [notice, setNotice] = useState<string | null>(incoming ?? null);
  const [seenPath, setSeenPath] = useState(location.pathname);
  const ref = useRef<HTMLParagraphElement>(null);
  if (seenPath !== location.pathname) {
    setSeenPath(location.pathname);
    setNotice(incoming ?? null);
  }
  useEffect(() => {
    if (incoming) void navigate('.', { replace: true, state: null });
  }, [incoming, navigate]);
  useEffect(() => {
    if (notice) ref.current?.focus();
  }, [notice]);
  return (
    <>
      <div role="status" className="merge-notice__region">
        {notice ? (
          <p className="merge-notice" ref={ref} tabIndex={-1}>
            {notice}
          </p>
        ) : null}
      </div>
      {subject.merged_into ? (
        <TrackerMergedBanner subject={subject} onUnmerged={setNotice} />
      ) : null}
      {mergedFrom?.length ? <TrackerMergedFromNote type={subject.type} from={mergedFrom} /> : null}
      <TrackerMergeControl subject={subject} />
    </>
  );
}
