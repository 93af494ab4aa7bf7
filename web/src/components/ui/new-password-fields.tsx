import { useId } from 'react';
import { PASSWORD_LIMITS, PasswordSchema } from '@hatchworks/shared/schemas/users';

/** The password rules as people read them, from the API's own schema. */
export const PASSWORD_RULES = `${PASSWORD_LIMITS.min} to ${PASSWORD_LIMITS.max} characters. No other rules: a few unrelated words make a long, strong password.`;

export const PASSWORDS_DIFFER = 'The two new passwords do not match.';

/** Which of the two fields is wrong, and why; null when both are fine. */
export interface NewPasswordProblem {
  readonly field: 'password' | 'confirmation';
  readonly message: string;
}

/** Checks a new password and its confirmation in the browser, with the API's messages. */
export function newPasswordProblem(
  password: string,
  confirmation: string,
): NewPasswordProblem | null {
  const parsed = PasswordSchema.safeParse(password);
  if (!parsed.success) {
    return { field: 'password', message: parsed.error.issues[0]?.message ?? PASSWORD_RULES };
  }
  return password === confirmation ? null : { field: 'confirmation', message: PASSWORDS_DIFFER };
}

interface NewPasswordFieldsProps {
  readonly password: string;
  readonly confirmation: string;
  readonly onPasswordChange: (value: string) => void;
  readonly onConfirmationChange: (value: string) => void;
  /** The field a failed check points at, marked invalid for screen readers. */
  readonly invalid?: NewPasswordProblem['field'] | null;
  /** The id of the form's error message, which an invalid field points at. */
  readonly errorId?: string;
}

/** 'New password' with its rules, and 'Confirm new password'; for the change and reset forms. */
export function NewPasswordFields({
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  invalid,
  errorId,
}: NewPasswordFieldsProps) {
  const id = useId();
  const described = (field: NewPasswordProblem['field'], hint?: string) =>
    [hint, invalid === field ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-password`}>
          New password
        </label>
        <input
          id={`${id}-password`}
          className="input"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => onPasswordChange(event.target.value)}
          aria-invalid={invalid === 'password' || undefined}
          aria-describedby={described('password', `${id}-rules`)}
          required
        />
        <span id={`${id}-rules`} className="field__hint">
          {PASSWORD_RULES}
        </span>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-confirmation`}>
          Confirm new password
        </label>
        <input
          id={`${id}-confirmation`}
          className="input"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => onConfirmationChange(event.target.value)}
          aria-invalid={invalid === 'confirmation' || undefined}
          aria-describedby={described('confirmation')}
          required
        />
      </div>
    </>
  );
}
