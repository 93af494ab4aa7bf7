import { useState, type FormEvent, type ReactNode } from 'react';
import { Modal } from '../ui/modal';
import { FormError } from '../ui/form-error';
import { ApiError, formErrorMessage } from '../../lib/api-error';

/** What the form needs of its create mutation. */
interface FormMutation {
  isPending: boolean;
  error: unknown;
  reset: () => void;
}

interface ItemFormOptions<Field extends string> {
  /** The form's `useId()`: field `<name>` is `${id}-<name>`, the message `${id}-error`. */
  id: string;
  mutation: FormMutation;
  /** The message of a refusal that carries none of its own. */
  fallbackMessage: string;
  /** The required fields' typed values, in the order the fields are shown. */
  required: Record<Field, string>;
}

/** One submission: the typed values' problem (null when none) and how to send them. */
interface Submission {
  problem: string | null;
  send: () => void;
}

/**
 * The state the submit dialogs share: the honeypot, the message of the last check or
 * refusal (with the server's field details), the blank required fields marked invalid, each with
 * its own message, until the next check, and a submit handler that checks first, focuses the first blank field on a problem
 * and otherwise sends. A refusal keeps everything typed.
 */
export function useItemForm<Field extends string>({
  id,
  mutation,
  fallbackMessage,
  required,
}: ItemFormOptions<Field>) {
  // Bots fill every field they find; people never see this one.
  const [website, setWebsite] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // The required fields the last check found blank, marked invalid until the next check.
  const [blank, setBlank] = useState<ReadonlySet<Field>>(new Set());
  const errorId = `${id}-error`;

  const serverError = mutation.error;
  const message = problem ?? (serverError ? formErrorMessage(serverError, fallbackMessage) : null);
  const details =
    !problem && serverError instanceof ApiError
      ? serverError.details.filter((detail) => detail.message !== message)
      : [];

  /**
   * A required field's control: its id; while blank, marked invalid and described by its own
   * message under it (`<id>-<field>-error`, which the field shows).
   */
  const control = (field: Field) => ({
    id: `${id}-${field}`,
    ...(blank.has(field)
      ? ({ 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } as const)
      : {}),
  });

  /** The form's submit handler; `submission` gets the honeypot's value (undefined when empty). */
  const onSubmit =
    (submission: (website: string | undefined) => Submission) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (mutation.isPending) return;
      const { problem: found, send } = submission(website || undefined);
      const fields = Object.entries(required) as [Field, string][];
      const missing = fields.filter(([, value]) => value.trim() === '').map(([name]) => name);
      // Blank fields are named at the fields; the message under the form is for other problems.
      setProblem(missing.length > 0 ? null : found);
      setBlank(new Set(missing));
      if (found || missing.length > 0) {
        // Take the person to the first field to fix.
        const first = missing[0];
        if (first) event.currentTarget.ownerDocument.getElementById(`${id}-${first}`)?.focus();
        mutation.reset();
        return;
      }
      send();
    };

  return { id, errorId, website, setWebsite, message, details, control, onSubmit };
}

type ItemForm = ReturnType<typeof useItemForm>;

interface ItemFormModalProps {
  /** The dialog's title. */
  title: string;
  /** The form's own class beside 'tracker-form', e.g. 'request-form'; its parts get theirs too. */
  className: string;
  intro: string;
  /** The submit button's text while idle. */
  submitLabel: string;
  form: Pick<ItemForm, 'id' | 'errorId' | 'website' | 'setWebsite' | 'message' | 'details'>;
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  /** The visible fields. */
  children: ReactNode;
}

/**
 * The frame of a submit dialog: the intro, the fields, the hidden honeypot, the
 * message of a problem or refusal, and Cancel beside the submit button ('Submitting...' while
 * sending). Open while rendered.
 */
export function ItemFormModal({
  title,
  className,
  intro,
  submitLabel,
  form,
  pending,
  onSubmit,
  onClose,
  children,
}: ItemFormModalProps) {
  const { id, errorId, website, setWebsite, message, details } = form;
  return (
    <Modal title={title} onClose={onClose} closeOnBackdrop={false}>
      <form
        className={`tracker-form ${className}`}
        onSubmit={onSubmit}
        noValidate
        aria-busy={pending}
      >
        <p className={`tracker-form__intro ${className}__intro`}>{intro}</p>
        {children}
        <div className="visually-hidden" aria-hidden="true">
          <label htmlFor={`${id}-website`}>Website</label>
          <input
            id={`${id}-website`}
            name="website"
            type="text"
            value={website}
            onChange={(event) => setWebsite(event.target.value)}
            tabIndex={-1}
            autoComplete="off"
          />
        </div>

        <FormError
          id={errorId}
          className={`tracker-form__error ${className}__error`}
          message={message}
          details={details}
        />

        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--accent" disabled={pending}>
            {pending ? 'Submitting...' : submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
