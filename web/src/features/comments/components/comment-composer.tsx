import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { COMMENT_LIMITS } from '@hatchworks/shared/schemas/comments';
import { formErrorMessage } from '../../../lib/api-error';

interface CommentComposerProps {
  /** The textarea's visible label, e.g. 'Add a comment' or 'Reply to Ada'. */
  label: string;
  submitLabel: string;
  initial?: string;
  /** Resolves when the server took it; rejects with its error, which is shown under the field. */
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
  fallbackError: string;
  /** Moves focus into the field when it appears (opened by Reply or Edit). */
  focusOnMount?: boolean;
}

/**
 * A textarea with a live character count (out of 2000), disabled while sending; the server's
 * message is shown when it refuses. The text stays until the server took it.
 */
export function CommentComposer({
  label,
  submitLabel,
  initial = '',
  onSubmit,
  onCancel,
  fallbackError,
  focusOnMount = false,
}: CommentComposerProps) {
  const [body, setBody] = useState(initial);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focusOnMount) textareaRef.current?.focus();
  }, [focusOnMount]);
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  const length = body.length;
  const over = length > COMMENT_LIMITS.bodyMax;
  const blank = body.trim().length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || blank || over) return;
    setSending(true);
    setError(null);
    try {
      await onSubmit(body.trim());
      setBody('');
    } catch (failure) {
      setError(formErrorMessage(failure, fallbackError));
    } finally {
      setSending(false);
      // The field lost focus while disabled: give it back (unless the form closed meanwhile).
      window.setTimeout(() => textareaRef.current?.focus(), 0);
    }
  };

  return (
    <form className="comment-composer" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={id} className="comment-composer__label">
        {label}
      </label>
      <textarea
        id={id}
        ref={textareaRef}
        className="comment-composer__field"
        value={body}
        rows={3}
        disabled={sending}
        aria-describedby={`${countId}${error ? ` ${errorId}` : ''}`}
        aria-invalid={over || error ? true : undefined}
        onChange={(event) => setBody(event.target.value)}
      />
      <div className="comment-composer__footer">
        <span
          id={countId}
          className={`comment-composer__count${over ? ' comment-composer__count--over' : ''}`}
        >
          {length} / {COMMENT_LIMITS.bodyMax}
          <span className="visually-hidden"> characters</span>
        </span>
        <div className="comment-composer__actions">
          {onCancel ? (
            <button
              type="button"
              className="button button--secondary button--sm"
              onClick={onCancel}
              disabled={sending}
            >
              Cancel
            </button>
          ) : null}
          <button
            type="submit"
            className="button button--primary button--sm"
            disabled={sending || blank || over}
          >
            {sending ? 'Sending...' : submitLabel}
          </button>
        </div>
      </div>
      {error ? (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
