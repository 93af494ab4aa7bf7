import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useQuery, type QueryFunction } from '@tanstack/react-query';
import type { MergeStatus } from '@hatchworks/shared/schemas/merge';
import type { SearchMatch } from '@hatchworks/shared/schemas/search';
import { Modal } from '../ui/modal';
import { SearchBox } from '../ui/search-box';
import { LoadingState } from '../ui/spinner';
import { formErrorMessage } from '../../lib/api-error';
import { useMergeRunner } from '../../lib/merge-runner';
import { useSession } from '../../lib/session';
import { MergeProgress } from './merge-progress';
import './merge-dialog.css';

/** What merging needs of an item: the one merged away, and each it may go into. */
export interface MergeItem {
  readonly id: string;
  readonly title: string;
}

/** The items a merge search found; `match: 'some'` when none has every word of the query. */
export interface MergeCandidates<Candidate> {
  readonly items: Candidate[];
  readonly match?: SearchMatch;
}

/** How one kind of votable item merges: its words, its candidates, its API and where B lives. */
export interface MergeKind<Item extends MergeItem, Candidate extends MergeItem> {
  /** The item's noun in the dialog's texts: 'request', 'suggestion'. */
  readonly noun: string;
  /** What moves with a merge: 'votes', 'votes and eggs'. */
  readonly moving: string;
  /** The search field's placeholder. */
  readonly placeholder: string;
  /** The query of the candidates matching `q` (the item itself and unfit ones left out). */
  readonly candidates: (
    item: Item,
    q: string,
  ) => { queryKey: readonly unknown[]; queryFn: QueryFunction<MergeCandidates<Candidate>> };
  /** The message of a failed search; with `retrySearch`, 'Try again' is offered under it. */
  readonly searchFailed: string;
  readonly retrySearch?: boolean;
  /** What the status line says once a search answered. */
  readonly found: (count: number) => string;
  readonly noMatch: (q: string) => string;
  /** The line under a candidate's title: status, counts. */
  readonly candidateMeta: (candidate: Candidate) => ReactNode;
  /** The confirm step's list of what moves, as list items. */
  readonly moves: (item: Item, into: Candidate) => ReactNode;
  /** The confirm button's text. */
  readonly mergeLabel: string;
  readonly mergeFailed: string;
  /** One step run of the merge of `item` into `into`. */
  readonly merge: (item: Item, into: Candidate, signal: AbortSignal) => Promise<MergeStatus>;
  /** What reloads when a merge or unmerge is done. */
  readonly reload?: readonly (readonly unknown[])[];
  /** B's page, and what it says there once the merge is done. */
  readonly href: (id: string) => string;
  readonly mergedNotice: (item: Item, done: MergeStatus) => string;
  /** Moves the focus to the top of each step after the first. */
  readonly focusSteps?: boolean;
}

/** What B's page says after a merge, passed in the navigation's state. */
export interface MergedNotice {
  readonly mergedNotice: string;
}

/**
 * The status line of a merge or unmerge that just finished: taken from the navigation that brought
 * the admin here (then dropped from the history entry, so a reload does not repeat it), or set on
 * this page; focused so it is read out first. `region` is the live region that shows it.
 */
export function useMergeNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const incoming = (location.state as Partial<MergedNotice> | null)?.mergedNotice;
  const [notice, setNotice] = useState<string | null>(incoming ?? null);
  const [seen, setSeen] = useState({ key: location.key, path: location.pathname });
  const ref = useRef<HTMLParagraphElement>(null);
  // A new navigation brings its own notice; one to another item clears this one's.
  if (seen.key !== location.key) {
    setSeen({ key: location.key, path: location.pathname });
    if (incoming) setNotice(incoming);
    else if (seen.path !== location.pathname) setNotice(null);
  }
  useEffect(() => {
    if (incoming) void navigate('.', { replace: true, state: null });
  }, [incoming, navigate]);
  useEffect(() => {
    if (notice) ref.current?.focus();
  }, [notice]);
  const region = (
    <div role="status" className="merge-notice__region">
      {notice ? (
        <p className="merge-notice" ref={ref} tabIndex={-1}>
          {notice}
        </p>
      ) : null}
    </div>
  );
  return { region, setNotice };
}

interface CandidatePickerProps<Item extends MergeItem, Candidate extends MergeItem> {
  kind: MergeKind<Item, Candidate>;
  item: Item;
  picked: Candidate | null;
  onPick: (candidate: Candidate) => void;
}

/** The search field and the items it finds, as one radio group. */
function CandidatePicker<Item extends MergeItem, Candidate extends MergeItem>({
  kind,
  item,
  picked,
  onPick,
}: CandidatePickerProps<Item, Candidate>) {
  const id = useId();
  const [q, setQ] = useState<string | undefined>(undefined);
  const candidates = useQuery({
    ...kind.candidates(item, q ?? ''),
    enabled: q !== undefined,
    retry: false,
  });
  const found = candidates.data?.items ?? [];
  const partial = candidates.data?.match === 'some';

  let results;
  if (q === undefined) {
    results = (
      <p className="merge-dialog__hint">Type a few words of the {kind.noun} to merge into.</p>
    );
  } else if (candidates.isPending) {
    results = <LoadingState label="Searching..." />;
  } else if (candidates.isError) {
    results = (
      <div className="form-error" role="alert">
        <p>{formErrorMessage(candidates.error, kind.searchFailed)}</p>
        {kind.retrySearch ? (
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => void candidates.refetch()}
          >
            Try again
          </button>
        ) : null}
      </div>
    );
  } else if (found.length === 0) {
    results = <p className="merge-dialog__hint">{kind.noMatch(q)}</p>;
  } else {
    results = (
      <fieldset className="merge-dialog__candidates">
        <legend className={partial ? 'merge-dialog__hint' : 'visually-hidden'}>
          {partial
            ? `No ${kind.noun} has every word of “${q}”. The closest matches:`
            : 'Merge into'}
        </legend>
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
                {kind.candidateMeta(candidate)}
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
        placeholder={kind.placeholder}
        describedBy={`${id}-status`}
      />
      <p id={`${id}-status`} className="visually-hidden" role="status">
        {q === undefined || candidates.isPending ? '' : kind.found(found.length)}
      </p>
      {results}
    </div>
  );
}

interface MergeDialogProps<Item extends MergeItem, Candidate extends MergeItem> {
  kind: MergeKind<Item, Candidate>;
  /** Item A, merged away. */
  item: Item;
  onClose: () => void;
}

/**
 * 'Merge into…' (admins): find item B, confirm with both names and what moves, then the merge
 * runs in steps with its progress; when done, B's page opens with a status message.
 */
export function MergeDialog<Item extends MergeItem, Candidate extends MergeItem>({
  kind,
  item,
  onClose,
}: MergeDialogProps<Item, Candidate>) {
  const navigate = useNavigate();
  const [picked, setPicked] = useState<Candidate | null>(null);
  const [step, setStep] = useState<'pick' | 'confirm' | 'run'>('pick');
  const { run, start } = useMergeRunner(kind.reload);
  const stepRef = useRef<HTMLDivElement>(null);
  const focusSteps = kind.focusSteps ?? false;

  // Each step starts at its own top: a reader hears what it asks.
  useEffect(() => {
    if (focusSteps && step !== 'pick') stepRef.current?.focus();
  }, [focusSteps, step]);

  const merge = async (into: Candidate) => {
    setStep('run');
    const done = await start((signal) => kind.merge(item, into, signal));
    if (!done) return;
    const state: MergedNotice = { mergedNotice: kind.mergedNotice(item, done) };
    navigate(kind.href(into.id), { state });
  };

  const running = step === 'run' && run.phase !== 'failed';
  return (
    <Modal
      title={`Merge into another ${kind.noun}`}
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
            Merge “<strong>{item.title}</strong>” into the {kind.noun} it duplicates. Its{' '}
            {kind.moving} move there; it becomes read-only and links to it.
          </p>
          <CandidatePicker kind={kind} item={item} picked={picked} onPick={setPicked} />
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
        <div className="merge-dialog" {...(focusSteps ? { ref: stepRef, tabIndex: -1 } : {})}>
          <div className="merge-dialog__confirm">
            <p>
              Merge “<strong>{item.title}</strong>” into “<strong>{picked.title}</strong>”?
            </p>
            <ul className="merge-dialog__moves">{kind.moves(item, picked)}</ul>
          </div>
          {step === 'run' ? (
            <MergeProgress
              run={run}
              undoing={false}
              fallback={kind.mergeFailed}
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
                  {kind.mergeLabel}
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

interface MergeControlProps<Item extends MergeItem, Candidate extends MergeItem> {
  kind: MergeKind<Item, Candidate>;
  item: Item;
  /** Whether the item may be merged away now (its status; not merged itself). */
  mergeable: boolean;
}

/** Admins only, on a mergeable item's page: 'Merge into…'. */
export function MergeControl<Item extends MergeItem, Candidate extends MergeItem>({
  kind,
  item,
  mergeable,
}: MergeControlProps<Item, Candidate>) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (user?.role !== 'admin' || !mergeable) return null;
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
      {open ? <MergeDialog kind={kind} item={item} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

/** On B's page: the items merged into it, each linking to its own page. */
export function MergedFromNote({
  from,
  href,
}: {
  from: readonly MergeItem[];
  href: (id: string) => string;
}) {
  if (from.length === 0) return null;
  return (
    <div className="merge-banner merge-banner--from">
      <p className="merge-banner__text">
        Merged from{' '}
        {from.map((each, index) => (
          <span key={each.id}>
            {index > 0 ? ', ' : null}
            <Link to={href(each.id)}>{each.title}</Link>
          </span>
        ))}
        . Their votes count here.
      </p>
    </div>
  );
}
