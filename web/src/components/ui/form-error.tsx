import type { FieldError } from '@hatchworks/shared/schemas/envelope';

interface FormErrorProps {
  /** What went wrong; nothing is rendered without it. */
  message: string | null | undefined;
  /** The server's per-field messages, listed under the message. */
  details?: readonly FieldError[];
  /** Lets fields point at the message with `aria-describedby`. */
  id?: string;
  className?: string;
}

/**
 * A form's refusal, announced to screen readers, with the server's field messages (those that
 * only repeat the message are left out: the server often names its first problem as the message).
 */
export function FormError({ message, details = [], id, className }: FormErrorProps) {
  if (!message) return null;
  const more = details.filter((detail) => detail.message !== message);
  return (
    <div id={id} className={className ? `form-error ${className}` : 'form-error'} role="alert">
      {message}
      {more.length > 0 ? (
        <ul>
          {more.map((detail) => (
            <li key={`${detail.field}:${detail.message}`}>{detail.message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
