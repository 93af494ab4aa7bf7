import { useId, useState, type FormEvent } from 'react';
import { FormError } from '../../../components/ui/form-error';
import { FormSuccess } from '../../../components/ui/form-success';
import { ApiError, formErrorMessage } from '../../../lib/api-error';
import { RESEND_VERIFICATION_FAILED, useResendVerification } from '../api/resend-verification';

export const RESEND_SENT =
  'If an account with that address is waiting for verification, we sent a new link.';

/**
 * 'Send the verification link again' by email address. The answer never tells whether the
 * address has an account, so neither does the page; the address stays in the field either way.
 */
export function ResendVerificationForm({ submitLabel = 'Send link' }: { submitLabel?: string }) {
  const [email, setEmail] = useState('');
  const resend = useResendVerification();
  const id = useId();
  const error = resend.error;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    resend.mutate({ email });
  };

  return (
    <form
      className="account-form"
      onSubmit={onSubmit}
      aria-label="Send the verification link again"
    >
      <FormError
        id={`${id}-error`}
        message={error ? formErrorMessage(error, RESEND_VERIFICATION_FAILED) : null}
        details={error instanceof ApiError ? error.details : []}
      />
      <FormSuccess message={resend.isSuccess ? RESEND_SENT : null} />
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
        <button type="submit" className="button button--primary" disabled={resend.isPending}>
          {resend.isPending ? 'Sending...' : submitLabel}
        </button>
      </div>
    </form>
  );
}
