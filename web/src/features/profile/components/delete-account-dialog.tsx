import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/ui/modal';
import { DELETE_ACCOUNT_FAILED, useDeleteAccount } from '../api/delete-account';

export const USERNAME_MISMATCH = 'Username confirmation does not match';

interface DeleteAccountDialogProps {
  username: string;
  onClose: () => void;
  /** Runs after the server deleted the account: the app logs out. */
  onDeleted: () => void;
}

/** The account goes only when the username is typed exactly. */
export function DeleteAccountDialog({ username, onClose, onDeleted }: DeleteAccountDialogProps) {
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const remove = useDeleteAccount({ onSuccess: onDeleted });
  const id = useId();
  const message = mismatch ? USERNAME_MISMATCH : remove.isError ? DELETE_ACCOUNT_FAILED : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (typed !== username) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    remove.mutate();
  };

  return (
    <Modal title="Delete Account" onClose={onClose} tone="danger">
      <form onSubmit={onSubmit} noValidate>
        <p>
          This permanently deletes your account, your eggs and your profile. It cannot be undone.
        </p>
        {message ? (
          <p className="form-error" role="alert" id={`${id}-error`}>
            {message}
          </p>
        ) : null}
        <div className="field">
          <label className="field__label" htmlFor={`${id}-confirm`}>
            Type your username <strong className="delete-dialog__username">{username}</strong> to
            confirm
          </label>
          <input
            id={`${id}-confirm`}
            className="input"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={mismatch}
            aria-describedby={message ? `${id}-error` : undefined}
            // The dialog exists to take this one answer; focusing it saves a Tab.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
          />
        </div>
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--danger" disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete Account'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
