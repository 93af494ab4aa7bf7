interface FormSuccessProps {
  /** What the form achieved; nothing is rendered without it. */
  message: string | null | undefined;
  className?: string;
}

/** A form's success, announced politely to screen readers; the counterpart of `FormError`. */
export function FormSuccess({ message, className }: FormSuccessProps) {
  if (!message) return null;
  return (
    <p className={className ? `form-success ${className}` : 'form-success'} role="status">
      {message}
    </p>
  );
}
