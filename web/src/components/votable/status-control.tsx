import { useId, useRef, useState, type ReactNode } from 'react';
import { FormError } from '../ui/form-error';
import { Modal } from '../ui/modal';
import { useToast } from '../ui/toast';
import { ApiError } from '../../lib/api-error';
import { useSession } from '../../lib/session';
import './status-control.css';

/** A save of the dialog: the status, the note, and what to do with the server's answer. */
export interface StatusSaver<Status extends string, Result> {
  readonly save: (
    change: { status: Status; note: string },
    onSaved: (result: Result) => void,
  ) => void;
  readonly isPending: boolean;
  readonly error: Error | null;
}

/** How one kind of votable item words and saves its status. */
export interface StatusKind<Status extends string, Result> {
  /** A status as the dialog names it. */
  readonly label: (status: Status) => string;
  /** The note's longest length. */
  readonly noteMax: number;
  /** The hint under the note, given the note typed so far. */
  readonly hint: (note: string) => string;
  /** A status that wants a note: the note's label then, and the message when it is empty. */
  readonly noteRequired?: {
    readonly when: (status: Status) => boolean;
    readonly label: string;
    readonly message: string;
  };
  /** The message of a failure that carries none. */
  readonly fallback: string;
  /** The mutation that saves a change of item `id` (a hook: called once in the dialog). */
  readonly useSave: (id: string) => StatusSaver<Status, Result>;
}

interface StatusControlProps<Status extends string, Result> {
  kind: StatusKind<Status, Result>;
  /** The item's id. */
  id: string;
  current: Status;
  /** The statuses offered; the current one, if listed, is shown disabled. */
  choices: readonly Status[];
  /** The status chosen when the dialog opens. */
  initial: Status;
  /** Whether 'Change status' is offered (the rest still shows). */
  canChange?: boolean;
  /** What a save changed, told by a toast: 'Status changed to Planned.' */
  saved: (result: Result) => string;
  /** What to do next after a save, shown under the button (e.g. a link to announce the work). */
  savedNext?: (result: Result) => ReactNode;
  /** Shown after the live region, e.g. a link to announce the work. */
  children?: ReactNode;
}

/**
 * Admins only (renders nothing for anyone else; the API refuses them anyway): 'Change status'
 * opens a dialog with the new status and a note. After saving it says what changed.
 */
export function StatusControl<Status extends string, Result>({
  kind,
  id,
  current,
  choices,
  initial,
  canChange = true,
  saved,
  savedNext,
  children,
}: StatusControlProps<Status, Result>) {
  const { user } = useSession();
  const showToast = useToast();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  if (user?.role !== 'admin') return null;
  const nextStep = result !== null && savedNext ? savedNext(result) : null;

  return (
    <div className="status-control">
      {canChange ? (
        <button
          type="button"
          className="button button--secondary button--sm status-control__open"
          aria-haspopup="dialog"
          onClick={() => {
            setResult(null);
            setOpen(true);
          }}
        >
          Change status
        </button>
      ) : null}
      {/* The toast announces the save; this line only offers the next step. */}
      {nextStep ? <p className="status-control__saved">{nextStep}</p> : null}
      {children}
      {open ? (
        <StatusDialog
          kind={kind}
          id={id}
          current={current}
          choices={choices}
          initial={initial}
          onClose={() => setOpen(false)}
          onSaved={(answer) => {
            setResult(answer);
            setOpen(false);
            showToast({ message: saved(answer) });
          }}
        />
      ) : null}
    </div>
  );
}

interface StatusDialogProps<Status extends string, Result> {
  kind: StatusKind<Status, Result>;
  id: string;
  current: Status;
  choices: readonly Status[];
  initial: Status;
  onClose: () => void;
  onSaved: (result: Result) => void;
}

function StatusDialog<Status extends string, Result>({
  kind,
  id,
  current,
  choices,
  initial,
  onClose,
  onSaved,
}: StatusDialogProps<Status, Result>) {
  const statusId = useId();
  const noteId = useId();
  const hintId = useId();
  const errorId = useId();
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const [status, setStatus] = useState<Status>(initial);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = kind.useSave(id);
  const noteRequired = kind.noteRequired?.when(status) ? kind.noteRequired : null;
  const serverError =
    change.error instanceof ApiError
      ? change.error
      : change.error
        ? new ApiError(change.error.message || kind.fallback, { status: 0, code: 'UNKNOWN' })
        : null;
  const noteInvalid =
    problem !== null || serverError?.details.some((detail) => detail.field === 'note');

  return (
    <Modal title="Change status" onClose={onClose} closeOnBackdrop={false}>
      <form
        className="status-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (noteRequired && !note.trim()) {
            setProblem(noteRequired.message);
            noteRef.current?.focus();
            return;
          }
          setProblem(null);
          change.save({ status, note }, onSaved);
        }}
      >
        <p className="status-form__current">
          Now: <strong>{kind.label(current)}</strong>
        </p>
        <div className="field">
          <label className="field__label" htmlFor={statusId}>
            New status
          </label>
          <select
            id={statusId}
            className="input"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as Status);
              setProblem(null);
            }}
          >
            {choices.map((choice) => (
              <option key={choice} value={choice} disabled={choice === current}>
                {kind.label(choice)}
                {choice === current ? ' (current)' : ''}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={noteId}>
            {noteRequired ? noteRequired.label : 'Note (optional)'}
          </label>
          <textarea
            id={noteId}
            ref={noteRef}
            className="input"
            rows={3}
            value={note}
            maxLength={kind.noteMax}
            required={noteRequired !== null}
            aria-invalid={noteInvalid || undefined}
            aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
            onChange={(event) => {
              setNote(event.target.value);
              setProblem(null);
            }}
          />
          <span id={hintId} className="field__hint">
            {kind.hint(note)}
          </span>
          {problem ? (
            <p id={errorId} className="form-error status-form__problem" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
        <FormError
          message={serverError?.message}
          details={serverError?.details}
          className="status-form__error"
        />
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={change.isPending}>
            {change.isPending ? 'Saving...' : 'Save status'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
