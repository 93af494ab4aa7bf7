import type { ReactNode } from 'react';
import { formErrorMessage } from '../../lib/api-error';
import { Modal } from './modal';

interface ConfirmDeleteDialogProps {
  /** The dialog's title, e.g. 'Delete Project'. */
  readonly title: string;
  /** The delete button's text while nothing is on its way, e.g. 'Delete Project'. */
  readonly confirmLabel: string;
  /** What goes and what follows from it, ending in 'This cannot be undone.' */
  readonly children: ReactNode;
  readonly pending: boolean;
  /** The refusal of the last attempt, shown above the buttons. */
  readonly error: unknown;
  /** Shown when the server gives no message of its own. */
  readonly fallbackMessage: string;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
}

/** Asks before something is deleted for good: Cancel, or the red button that deletes it. */
export function ConfirmDeleteDialog({
  title,
  confirmLabel,
  children,
  pending,
  error,
  fallbackMessage,
  onConfirm,
  onClose,
}: ConfirmDeleteDialogProps) {
  return (
    <Modal title={title} onClose={onClose} tone="danger">
      <p>{children}</p>
      {error ? (
        <p className="form-error" role="alert">
          {formErrorMessage(error, fallbackMessage)}
        </p>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={pending}
          onClick={onConfirm}
        >
          {pending ? 'Deleting...' : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
