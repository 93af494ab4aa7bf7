import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormError } from '../../../components/ui/form-error';
import {
  NewPasswordFields,
  newPasswordProblem,
  type NewPasswordProblem,
} from '../../../components/ui/new-password-fields';
import { paths } from '../../../config/paths';
import { ApiError, formErrorMessage } from '../../../lib/api-error';
import {
  CONFIRM_PASSWORD_RESET_FAILED,
  useConfirmPasswordReset,
} from '../api/confirm-password-reset';

interface NewPasswordFormProps {
  /** The one-time token of the mailed link. */
  token: string;
  onDone: () => void;
}

/**
 * Sets a new password with the mailed link's token. The rules are checked here first with the
 * API's messages; a refusal keeps what was typed and offers a fresh link.
 */
export function NewPasswordForm({ token, onDone }: NewPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<NewPasswordProblem | null>(null);
  const confirm = useConfirmPasswordReset();
  const id = useId();
  const serverError = confirm.error;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = newPasswordProblem(password, confirmation);
    setProblem(found);
    confirm.reset();
    if (!found) confirm.mutate({ token, password }, { onSuccess: onDone });
  };

  const message =
    problem?.message ??
    (serverError ? formErrorMessage(serverError, CONFIRM_PASSWORD_RESET_FAILED) : null);
  // Only the link itself can be wrong once the rules hold: offer a new one.
  const linkRefused = serverError instanceof ApiError && serverError.status === 400;

  return (
    <form
      className="account-form"
      onSubmit={onSubmit}
      aria-label="Choose a new password"
      noValidate
    >
      <FormError
        id={`${id}-error`}
        message={message}
        details={!problem && serverError instanceof ApiError ? serverError.details : []}
      />
      {linkRefused && !problem ? (
        <p>
          <Link to={paths.resetPassword.path}>Ask for a new link</Link>
        </p>
      ) : null}
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPasswordChange={setPassword}
        onConfirmationChange={setConfirmation}
        invalid={problem?.field ?? null}
        errorId={`${id}-error`}
      />
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={confirm.isPending}>
          {confirm.isPending ? 'Saving...' : 'Set new password'}
        </button>
      </div>
    </form>
  );
}
