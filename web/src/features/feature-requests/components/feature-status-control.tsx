import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  FEATURE_LIMITS,
  type Feature,
  type FeatureStatus,
} from '@hatchworks/shared/schemas/features';
import { FormError } from '../../../components/ui/form-error';
import { FEATURE_STATUS_BADGES } from '../../../components/ui/feature-status-badge';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import {
  CHANGE_FEATURE_STATUS_FALLBACK,
  useChangeFeatureStatus,
} from '../api/change-feature-status';
import '../../../components/votable/status-control.css';

/** Where an approved request's work may go next (the server enforces the same lifecycle). */
const NEXT: Readonly<Partial<Record<FeatureStatus, readonly FeatureStatus[]>>> = {
  approved: ['in_progress', 'completed'],
  in_progress: ['completed'],
};

/** The changelog form, preselecting this completed request. */
export const announceFeatureHref = (id: string) =>
  `/changelog?${new URLSearchParams({ announce: `feature:${id}` }).toString()}`;

/**
 * Admins only, on a feature request's own page: 'Change status' moves approved work to in progress
 * or completed (pending requests are approved or rejected on /features). A completed request
 * offers 'Announce in changelog'.
 */
export function FeatureStatusControl({ feature }: { feature: Feature }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<FeatureStatus | null>(null);
  if (user?.role !== 'admin') return null;
  const next = NEXT[feature.status] ?? [];
  if (next.length === 0 && feature.status !== 'completed') return null;

  return (
    <div className="status-control">
      {next.length > 0 ? (
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
      ) : null}
      <div className="status-control__feedback" role="status">
        {saved ? (
          <p className="status-control__saved">
            Status changed to {FEATURE_STATUS_BADGES[saved].label}.
          </p>
        ) : null}
      </div>
      {feature.status === 'completed' ? (
        <Link className="status-control__announce" to={announceFeatureHref(feature.id)}>
          Announce in changelog
        </Link>
      ) : null}
      {open ? (
        <FeatureStatusDialog
          feature={feature}
          choices={next}
          onClose={() => setOpen(false)}
          onSaved={(status) => {
            setSaved(status);
            setOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}

interface DialogProps {
  feature: Feature;
  choices: readonly FeatureStatus[];
  onClose: () => void;
  onSaved: (status: FeatureStatus) => void;
}

function FeatureStatusDialog({ feature, choices, onClose, onSaved }: DialogProps) {
  const statusId = useId();
  const notesId = useId();
  const hintId = useId();
  const [status, setStatus] = useState<FeatureStatus>(choices[0] ?? 'completed');
  const [notes, setNotes] = useState('');
  const change = useChangeFeatureStatus();
  const serverError =
    change.error instanceof ApiError
      ? change.error
      : change.error
        ? new ApiError(change.error.message || CHANGE_FEATURE_STATUS_FALLBACK, {
            status: 0,
            code: 'UNKNOWN',
          })
        : null;

  return (
    <Modal title="Change status" onClose={onClose} closeOnBackdrop={false}>
      <form
        className="status-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          change.mutate(
            { id: feature.id, status, notes },
            { onSuccess: (updated) => onSaved(updated.status) },
          );
        }}
      >
        <p className="status-form__current">
          Now: <strong>{FEATURE_STATUS_BADGES[feature.status].label}</strong>
        </p>
        <div className="field">
          <label className="field__label" htmlFor={statusId}>
            New status
          </label>
          <select
            id={statusId}
            className="input"
            value={status}
            onChange={(event) => setStatus(event.target.value as FeatureStatus)}
          >
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {FEATURE_STATUS_BADGES[choice].label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={notesId}>
            Note (optional)
          </label>
          <textarea
            id={notesId}
            className="input"
            rows={3}
            value={notes}
            maxLength={FEATURE_LIMITS.longTextMax}
            aria-describedby={hintId}
            onChange={(event) => setNotes(event.target.value)}
          />
          <span id={hintId} className="field__hint">
            Told to the request's author, voters and commenters.
          </span>
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
