import type { ReactNode } from 'react';

interface FormFieldProps {
  /** The control's id, which the label points at. */
  id: string;
  label: string;
  /** The control, and any hint under it. */
  children: ReactNode;
}

/** A labelled form or filter field. */
export function FormField({ id, label, children }: FormFieldProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

interface FormTextFieldProps {
  label: string;
  /** The control's id and invalid marks, from the form's `control(name)`. */
  control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  placeholder: string;
  /** The rows of a multi-line field; a one-line input without. */
  rows?: number;
  /** The dialog's first field: focused when it opens. */
  first?: boolean;
}

/** A required text field of a submit dialog; marked invalid, it says '<label> is required' under it. */
export function FormTextField({
  label,
  control,
  value,
  onChange,
  maxLength,
  placeholder,
  rows,
  first = false,
}: FormTextFieldProps) {
  const common = {
    ...control,
    className: 'input',
    value,
    maxLength,
    required: true,
    'aria-required': 'true',
    placeholder,
  } as const;
  return (
    <FormField id={control.id} label={label}>
      {rows === undefined ? (
        <input
          {...common}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="off"
          // The dialog exists to take this entry; starting in its first field saves a Tab.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={first}
        />
      ) : (
        <textarea {...common} onChange={(event) => onChange(event.target.value)} rows={rows} />
      )}
      {control['aria-invalid'] ? (
        <p id={control['aria-describedby']} className="field__error">
          {label} is required
        </p>
      ) : null}
    </FormField>
  );
}

interface FormSelectProps<T extends string> {
  id: string;
  label: string;
  /** The choices, in display order. */
  options: readonly T[];
  /** The chosen option; undefined for the "all" choice. */
  value: T | undefined;
  /** The chosen option, or undefined for the "all" choice (or a value no option has). */
  onChange: (value: T | undefined) => void;
  /** The empty "all" choice first ('All Statuses'); without it one option is always chosen. */
  allLabel?: string;
  /** The text of an option; the option itself by default. */
  optionLabel?: (option: T) => string;
  /** Set aside, e.g. the sort while a search ranks by relevance. */
  disabled?: boolean;
  /** Ids of texts that describe the select (e.g. why it is disabled). */
  describedBy?: string;
}

/** A labelled select over a fixed list of choices, as in filters and forms. */
export function FormSelect<T extends string>({
  id,
  label,
  options,
  value,
  onChange,
  allLabel,
  optionLabel = (option) => option,
  disabled = false,
  describedBy,
}: FormSelectProps<T>) {
  return (
    <FormField id={id} label={label}>
      <select
        id={id}
        className="input"
        value={value ?? ''}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) =>
          onChange(options.find((candidate) => candidate === event.target.value))
        }
      >
        {allLabel === undefined ? null : <option value="">{allLabel}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </FormField>
  );
}
