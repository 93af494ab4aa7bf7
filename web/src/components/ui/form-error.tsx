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

/** A form's refusal, announced to screen readers, with the server's field messages. */
export function FormError({ message, details = [], id, className }: FormErrorProps) {
  if (!message) return null;
  // A field message that only repeats the message itself (e.g. a refused link) is said once.
  const listed = details.filter((detail) => detail.message !== message);
  return (
    <div id={id} className={className ? `form-error ${className}` : 'form-error'} role="alert">
      {message}
      {listed.length > 0 ? (
        <ul>
          {listed.map((detail) => (
            <li key={`${detail.field}:${detail.message}`}>{detail.message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
