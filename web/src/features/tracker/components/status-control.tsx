import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  STATUS_NOTE_MAX,
  TRACKER_STATUS_BY_CODE,
  TRACKER_STATUS_CODES,
  TRACKER_STATUS_MESSAGES,
  trackerStatusCode,
  type TrackerStatusCode,
} from '@hatchworks/shared/schemas/tracker-status';
import { FormError } from '../../../components/ui/form-error';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import {
  CHANGE_STATUS_FALLBACK_MESSAGE,
  useChangeTrackerStatus,
  type StatusResult,
  type StatusSubjectType,
} from '../api/change-status';
import '../../../components/votable/status-control.css';

export interface StatusControlProps {
  readonly subjectType: StatusSubjectType;
  readonly id: string;
  /** The current status, as the API answers it ('In Progress') or as a code ('in_progress'). */
  readonly status: string | null | undefined;
}

/** Where an admin most likely moves a request next. */
const NEXT: Readonly<Record<TrackerStatusCode, TrackerStatusCode>> = {
  open: 'planned',
  planned: 'in_progress',
  in_progress: 'completed',
  completed: 'closed',
  closed: 'open',
};

/** The changelog form, preselecting this completed request (built by the changelog slice). */
export const announceHref = (subjectType: StatusSubjectType, id: string) =>
  `/changelog?${new URLSearchParams({ announce: `${subjectType}:${id}` }).toString()}`;

/**
 * Admins only (renders nothing for anyone else; the API refuses them anyway): 'Change status'
 * opens a dialog with the new status and a note (required when closing). After saving it says what
 * changed, and after 'Completed' offers 'Announce in changelog'.
 */
export function StatusControl({ subjectType, id, status }: StatusControlProps) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<StatusResult | null>(null);
  if (user?.role !== 'admin') return null;
  const current = trackerStatusCode(status);

  return (
    <div className="status-control">
      <button
        type="button"
        className="button button--secondary button--sm status-control__open"
        aria-haspopup="dialog"
        onClick={() => {
          setSaved(null);
          setOpen(true);
        }}
      >
        Change status
      </button>
      {/* Present from the start, so screen readers announce the outcome. */}
      <div className="status-control__feedback" role="status">
        {saved ? (
          <p className="status-control__saved">
            Status changed to {saved.status}.
            {saved.status === 'Completed' ? (
              <>
                {' '}
                <Link to={announceHref(subjectType, id)}>Announce in changelog</Link>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      {open ? (
        <StatusDialog
          subjectType={subjectType}
          id={id}
          current={current}
          onClose={() => setOpen(false)}
          onSaved={(result) => {
            setSaved(result);
            setOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}

interface StatusDialogProps {
  subjectType: StatusSubjectType;
  id: string;
  current: TrackerStatusCode;
  onClose: () => void;
  onSaved: (result: StatusResult) => void;
}

function StatusDialog({ subjectType, id, current, onClose, onSaved }: StatusDialogProps) {
  const statusId = useId();
  const noteId = useId();
  const hintId = useId();
  const errorId = useId();
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const [status, setStatus] = useState<TrackerStatusCode>(NEXT[current]);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangeTrackerStatus();
  const noteRequired = status === 'closed';
  const serverError =
    change.error instanceof ApiError
      ? change.error
      : change.error
        ? new ApiError(change.error.message || CHANGE_STATUS_FALLBACK_MESSAGE, {
            status: 0,
            code: 'UNKNOWN',
          })
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
            setProblem(TRACKER_STATUS_MESSAGES.noteRequired);
            noteRef.current?.focus();
            return;
          }
          setProblem(null);
          change.mutate({ subjectType, id, status, note }, { onSuccess: onSaved });
        }}
      >
        <p className="status-form__current">
          Now: <strong>{TRACKER_STATUS_BY_CODE[current]}</strong>
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
              setStatus(event.target.value as TrackerStatusCode);
              setProblem(null);
            }}
          >
            {TRACKER_STATUS_CODES.map((code) => (
              <option key={code} value={code} disabled={code === current}>
                {TRACKER_STATUS_BY_CODE[code]}
                {code === current ? ' (current)' : ''}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={noteId}>
            {noteRequired ? 'Note (required when closing)' : 'Note (optional)'}
          </label>
          <textarea
            id={noteId}
            ref={noteRef}
            className="input"
            rows={3}
            value={note}
            maxLength={STATUS_NOTE_MAX}
            required={noteRequired}
            aria-invalid={noteInvalid || undefined}
            aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
            onChange={(event) => {
              setNote(event.target.value);
              setProblem(null);
            }}
          />
          <span id={hintId} className="field__hint">
            Shown on the request and told to its followers. {note.length}/{STATUS_NOTE_MAX}
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
