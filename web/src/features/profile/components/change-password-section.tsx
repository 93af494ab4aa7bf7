import { useId, useState, type FormEvent } from 'react';
import type { User } from '@hatchworks/shared/schemas/users';
import { FormError } from '../../../components/ui/form-error';
import {
  NewPasswordFields,
  newPasswordProblem,
  type NewPasswordProblem,
} from '../../../components/ui/new-password-fields';
import { ApiError, formErrorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { useToast } from '../../../components/ui/toast';
import { CHANGE_PASSWORD_FAILED, useChangePassword } from '../api/change-password';

export const PASSWORD_CHANGED = 'Your password was changed.';
export const PASSWORD_MANAGED_ELSEWHERE = 'Your password is managed by your sign-in provider.';

function ChangePasswordForm({ titleId }: { titleId: string }) {
  const session = useSession();
  const showToast = useToast();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<NewPasswordProblem | null>(null);
  const change = useChangePassword({
    onSuccess: (result) => {
      session.adoptNewToken(result);
      setCurrent('');
      setPassword('');
      setConfirmation('');
      showToast({ message: PASSWORD_CHANGED });
    },
  });
  const id = useId();
  const serverError = change.error;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = newPasswordProblem(password, confirmation);
    setProblem(found);
    change.reset();
    if (!found) change.mutate({ current_password: current, new_password: password });
  };

  const message =
    problem?.message ??
    (serverError ? formErrorMessage(serverError, CHANGE_PASSWORD_FAILED) : null);

  return (
    <form className="password-form" onSubmit={onSubmit} aria-labelledby={titleId} noValidate>
      <FormError
        id={`${id}-error`}
        message={message}
        details={!problem && serverError instanceof ApiError ? serverError.details : []}
      />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-current`}>
          Current password
        </label>
        <input
          id={`${id}-current`}
          className="input"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          aria-invalid={(!problem && serverError !== null) || undefined}
          aria-describedby={!problem && serverError ? `${id}-error` : undefined}
          required
        />
      </div>
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPasswordChange={setPassword}
        onConfirmationChange={setConfirmation}
        invalid={problem?.field ?? null}
        errorId={`${id}-error`}
      />
      <div className="profile-form__actions">
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Change Password'}
        </button>
      </div>
    </form>
  );
}

/**
 * The Profile's password: a change form for accounts with a password of their own, otherwise a
 * line saying where it is kept (a hosted-login identity's provider).
 */
export function ChangePasswordSection({ user }: { user: User }) {
  const titleId = useId();
  return (
    <section className="card password-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="password-section__title">
        {user.has_password ? 'Change Password' : 'Password'}
      </h2>
      {user.has_password ? (
        <ChangePasswordForm titleId={titleId} />
      ) : (
        <p className="password-section__managed">{PASSWORD_MANAGED_ELSEWHERE}</p>
      )}
    </section>
  );
}
