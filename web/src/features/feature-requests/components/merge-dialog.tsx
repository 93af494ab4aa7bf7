import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { Feature } from '@hatchworks/shared/schemas/features';
import { Modal } from '../../../components/ui/modal';
import { SearchBox } from '../../../components/ui/search-box';
import { FeatureStatusBadge } from '../../../components/ui/feature-status-badge';
import { LoadingState } from '../../../components/ui/spinner';
import { EggIcon } from '../../../components/ui/icons';
import { detailHref } from '../../../config/paths';
import { formErrorMessage } from '../../../lib/api-error';
import { LOAD_FEATURES_FAILED, listFeatures } from '../api/list-features';
import { MERGE_FAILED, postMerge } from '../api/merge-feature';
import { countOf } from '../../../lib/format';
import { useMergeRunner } from '../../../lib/merge-runner';
import { MergeProgress } from '../../../components/votable/merge-progress';
import '../../../components/votable/merge-dialog.css';

/** The statuses a request can be merged into (the server checks the same). */
const TARGET_STATUSES: readonly Feature['status'][] = ['approved', 'in_progress', 'completed'];

/** What B's page says after a merge, passed in the navigation's state. */
export interface MergedNotice {
  readonly mergedNotice: string;
}

/** Requests matching `q` that `feature` could be merged into (the first page, by relevance). */
function useCandidates(feature: Feature, q: string | undefined) {
  return useQuery({
    queryKey: ['features', 'merge-candidates', feature.id, q],
    queryFn: async ({ signal }) =>
      (await listFeatures({ q }, undefined, signal)).features.filter(
        (each) => each.id !== feature.id && TARGET_STATUSES.includes(each.status),
      ),
    enabled: q !== undefined,
    retry: false,
  });
}

interface CandidatePickerProps {
  feature: Feature;
  picked: Feature | null;
  onPick: (candidate: Feature) => void;
}

/** The search field and the requests it finds, as one radio group. */
function CandidatePicker({ feature, picked, onPick }: CandidatePickerProps) {
  const id = useId();
  const [q, setQ] = useState<string | undefined>(undefined);
  const candidates = useCandidates(feature, q);
  const found = candidates.data ?? [];

  let results;
  if (q === undefined) {
    results = <p className="merge-dialog__hint">Type a few words of the request to merge into.</p>;
  } else if (candidates.isPending) {
    results = <LoadingState label="Searching..." />;
  } else if (candidates.isError) {
    results = (
      <div className="form-error" role="alert">
        <p>{formErrorMessage(candidates.error, LOAD_FEATURES_FAILED)}</p>
        <button
          type="button"
          className="button button--secondary button--sm"
          onClick={() => void candidates.refetch()}
        >
          Try again
        </button>
      </div>
    );
  } else if (found.length === 0) {
    results = (
      <p className="merge-dialog__hint">
        No approved, in-progress or completed request matches “{q}”.
      </p>
    );
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
                <FeatureStatusBadge status={candidate.status} />
                <span>{candidate.project.title}</span>
                <span className="merge-dialog__eggs">
                  <EggIcon /> {countOf(candidate.total_eggs, 'egg')}
                </span>
                <span>{countOf(candidate.vote_count, 'vote')}</span>
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
        placeholder="Search approved requests"
        describedBy={`${id}-status`}
      />
      <p id={`${id}-status`} className="visually-hidden" role="status">
        {q === undefined || candidates.isPending
          ? ''
          : `${countOf(found.length, 'request')} found.`}
      </p>
      {results}
    </div>
  );
}

interface MergeDialogProps {
  /** Request A, merged away. */
  feature: Feature;
  onClose: () => void;
}

/**
 * 'Merge into…' (issue 13, admins): find request B, confirm with both names and what moves, then
 * the merge runs in steps with its progress; when done, B's page opens with a status message.
 */
export function MergeDialog({ feature, onClose }: MergeDialogProps) {
  const navigate = useNavigate();
  const [picked, setPicked] = useState<Feature | null>(null);
  const [step, setStep] = useState<'pick' | 'confirm' | 'run'>('pick');
  const { run, start } = useMergeRunner();
  const stepRef = useRef<HTMLDivElement>(null);

  // Each step starts at its own top: a reader hears what it asks.
  useEffect(() => {
    if (step !== 'pick') stepRef.current?.focus();
  }, [step]);

  const merge = async (into: Feature) => {
    setStep('run');
    const done = await start((signal) => postMerge(feature.id, into.id, signal));
    if (!done) return;
    const state: MergedNotice = {
      mergedNotice: `“${feature.title}” was merged into this request: ${countOf(
        done.moved,
        'vote',
      )} (${countOf(done.eggs_moved, 'egg')}) moved here.`,
    };
    navigate(detailHref.feature(into.id), { state });
  };

  const running = step === 'run' && run.phase !== 'failed';
  return (
    <Modal
      title="Merge into another request"
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
            Merge “<strong>{feature.title}</strong>” into the request it duplicates. Its votes and
            eggs move there; it becomes read-only and links to it.
          </p>
          <CandidatePicker feature={feature} picked={picked} onPick={setPicked} />
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
        <div className="merge-dialog" ref={stepRef} tabIndex={-1}>
          <div className="merge-dialog__confirm">
            <p>
              Merge “<strong>{feature.title}</strong>” into “<strong>{picked.title}</strong>”?
            </p>
            <ul className="merge-dialog__moves">
              <li>
                {countOf(feature.vote_count, 'vote')} with {countOf(feature.total_eggs, 'egg')} move
                to “{picked.title}”; someone who voted on both keeps one vote holding the sum.
              </li>
              <li>
                “{picked.title}” will have {countOf(picked.total_eggs + feature.total_eggs, 'egg')}.
              </li>
              <li>Nobody&apos;s balance changes. You can undo the merge for 30 days.</li>
            </ul>
          </div>
          {step === 'run' ? (
            <MergeProgress
              run={run}
              undoing={false}
              fallback={MERGE_FAILED}
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
                  Merge requests
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
