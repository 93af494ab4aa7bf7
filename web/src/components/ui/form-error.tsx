import type { FieldError } from '@hatchworks/shared/schemas/envelope';

interface FormErrorProps {
  /** What went wrong; nothing is rendered without it. */
  message: string | null | undefined;
  /** The server's per-field messages, listed under the message. */
  details?: readonly FieldError[];
  /** Lets fields point at the message with `aria-describedby`. */
  id?: string;
  className?: string;
  /**
   * The form's label of each field a detail may name (`embed_origins[0]` is `embed_origins`'s):
   * with them each detail says which field it is about.
   */
  fieldLabels?: Readonly<Record<string, string>>;
}

/**
 * A form's refusal, announced to screen readers, with the server's field messages (those that
 * only repeat the message are left out: the server often names its first problem as the message).
 */
export function FormError({ message, details = [], id, className, fieldLabels }: FormErrorProps) {
  if (!message) return null;
  const more = details.filter((detail) => detail.message !== message);
  return (
    <div id={id} className={className ? `form-error ${className}` : 'form-error'} role="alert">
      {message}
      {more.length > 0 ? (
        <ul>
          {more.map((detail) => (
            <li key={`${detail.field}:${detail.message}`}>
              {fieldLabels
                ? `${fieldLabels[detail.field.split(/[.[]/)[0] ?? ''] ?? detail.field}: `
                : null}
              {detail.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
