import { useId, useState, type FormEvent } from 'react';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_FORMATS,
  WEBHOOK_LIMITS,
  type WebhookEndpointInput,
  type WebhookEventType,
  type WebhookFormat,
} from '@hatchworks/shared/schemas/webhooks';
import { formErrorMessage } from '../../../lib/api-error';

export const FORMAT_LABELS: Record<WebhookFormat, string> = {
  standard: 'Standard Webhooks (JSON)',
  slack: 'Slack incoming webhook',
  discord: 'Discord webhook',
};

export interface WebhookFormValues {
  url: string;
  format: WebhookFormat;
  events: WebhookEventType[];
  eggThreshold: string;
  description: string;
}

export const EMPTY_WEBHOOK_FORM: WebhookFormValues = {
  url: '',
  format: 'standard',
  events: ['request.created', 'request.status_changed'],
  eggThreshold: '',
  description: '',
};

/** The body the API takes; the server checks every rule again. */
export function webhookInputFromForm(values: WebhookFormValues): WebhookEndpointInput {
  const takesThreshold = values.events.includes('request.egg_threshold_passed');
  return {
    url: values.url.trim(),
    format: values.format,
    events: values.events,
    egg_threshold: takesThreshold && values.eggThreshold ? Number(values.eggThreshold) : null,
    description: values.description.trim(),
  };
}

interface WebhookFormProps {
  /** The accessible name of the form. */
  readonly label: string;
  readonly initialValues: WebhookFormValues;
  readonly submitLabel: string;
  readonly pendingLabel: string;
  readonly pending: boolean;
  readonly error: unknown;
  readonly fallbackMessage: string;
  /** Answers true when saved. */
  readonly onSubmit: (values: WebhookFormValues) => Promise<boolean>;
  readonly onCancel?: () => void;
}

/** URL, format, events (the threshold with its event) and a note of what the endpoint is. */
export function WebhookForm({
  label,
  initialValues,
  submitLabel,
  pendingLabel,
  pending,
  error,
  fallbackMessage,
  onSubmit,
  onCancel,
}: WebhookFormProps) {
  const [values, setValues] = useState(initialValues);
  const id = useId();
  const set = <K extends keyof WebhookFormValues>(key: K, value: WebhookFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const toggle = (event: WebhookEventType, on: boolean) =>
    set(
      'events',
      WEBHOOK_EVENT_TYPES.filter((each) => (each === event ? on : values.events.includes(each))),
    );
  const takesThreshold = values.events.includes('request.egg_threshold_passed');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await onSubmit(values)) setValues(initialValues);
  };

  return (
    <form className="webhook-form" aria-label={label} onSubmit={(event) => void submit(event)}>
      {error ? (
        <p className="form-error webhook-form__wide" role="alert">
          {formErrorMessage(error, fallbackMessage)}
        </p>
      ) : null}
      <div className="field webhook-form__wide">
        <label className="field__label" htmlFor={`${id}-url`}>
          Endpoint URL <span aria-hidden="true">*</span>
        </label>
        <input
          id={`${id}-url`}
          className="input"
          type="url"
          required
          maxLength={WEBHOOK_LIMITS.urlLength}
          placeholder="https://hooks.example.com/hatchworks"
          aria-describedby={`${id}-url-hint`}
          value={values.url}
          onChange={(event) => set('url', event.target.value)}
        />
        <span className="field__hint" id={`${id}-url-hint`}>
          https only; addresses on private networks are refused.
        </span>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-format`}>
          Format
        </label>
        <select
          id={`${id}-format`}
          className="input"
          value={values.format}
          onChange={(event) => set('format', event.target.value as WebhookFormat)}
        >
          {WEBHOOK_FORMATS.map((format) => (
            <option key={format} value={format}>
              {FORMAT_LABELS[format]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-description`}>
          Description
        </label>
        <input
          id={`${id}-description`}
          className="input"
          maxLength={WEBHOOK_LIMITS.descriptionLength}
          placeholder="Studio Slack, #requests"
          value={values.description}
          onChange={(event) => set('description', event.target.value)}
        />
      </div>
      <fieldset className="webhook-form__events webhook-form__wide">
        <legend className="field__label">Events</legend>
        {WEBHOOK_EVENT_TYPES.map((event) => (
          <label key={event} className="checkbox">
            <input
              type="checkbox"
              checked={values.events.includes(event)}
              onChange={(change) => toggle(event, change.target.checked)}
            />
            {WEBHOOK_EVENT_LABELS[event]}
          </label>
        ))}
      </fieldset>
      {takesThreshold ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-threshold`}>
            Egg threshold <span aria-hidden="true">*</span>
          </label>
          <input
            id={`${id}-threshold`}
            className="input"
            type="number"
            inputMode="numeric"
            min={1}
            max={WEBHOOK_LIMITS.maxEggThreshold}
            step={1}
            required
            aria-describedby={`${id}-threshold-hint`}
            value={values.eggThreshold}
            onChange={(event) => set('eggThreshold', event.target.value)}
          />
          <span className="field__hint" id={`${id}-threshold-hint`}>
            Told once when a feature request&apos;s eggs reach this number.
          </span>
        </div>
      ) : null}
      <div className="webhook-form__actions webhook-form__wide">
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
