import { useId, useState, type FormEvent } from 'react';
import { FormError } from '../../../components/ui/form-error';
import { FormSuccess } from '../../../components/ui/form-success';
import { ApiError, formErrorMessage } from '../../../lib/api-error';
import {
  REQUEST_PASSWORD_RESET_FAILED,
  useRequestPasswordReset,
} from '../api/request-password-reset';

export const RESET_LINK_SENT =
  'If an account exists for that address, we sent a link to reset the password. It is valid for one hour.';

/** Asks for the reset link by email; the answer is the same whether the address has an account. */
export function RequestResetForm() {
  const [email, setEmail] = useState('');
  const request = useRequestPasswordReset();
  const id = useId();
  const error = request.error;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.mutate({ email });
  };

  return (
    <form className="account-form" onSubmit={onSubmit} aria-label="Reset your password">
      <FormError
        id={`${id}-error`}
        message={error ? formErrorMessage(error, REQUEST_PASSWORD_RESET_FAILED) : null}
        details={error instanceof ApiError ? error.details : []}
      />
      <FormSuccess message={request.isSuccess ? RESET_LINK_SENT : null} />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-email`}>
          Email
        </label>
        <input
          id={`${id}-email`}
          className="input"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send reset link'}
        </button>
      </div>
    </form>
  );
}
