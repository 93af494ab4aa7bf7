import { useId, useState, type FormEvent } from 'react';
import { PROJECT_STAGES, PROJECT_STATUSES } from '@hatchworks/shared/constants';
import { FormError } from '../../../components/ui/form-error';
import { ApiError, formErrorMessage } from '../../../lib/api-error';
import { EMBED_LIMITS, projectSlug, WIDGET_SCRIPT_FILE } from '@hatchworks/shared/embed';
import type { ProjectFormValues } from '../utils/project-form-values';

/** The line a project's page adds to show the feedback widget. */
export function widgetSnippet(key: string, origin = window.location.origin): string {
  return `<script src="${origin}/${WIDGET_SCRIPT_FILE}" data-project="${key}" async></script>`;
}

interface ProjectFormProps {
  initialValues: ProjectFormValues;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  error: unknown;
  /** Shown when the server gives no message of its own. */
  fallbackMessage: string;
  /** Answers true when saved: a create form then starts again empty. */
  onSubmit: (values: ProjectFormValues) => Promise<boolean>;
  onCancel?: () => void;
  /** The accessible name of the form. */
  label: string;
  resetTo?: ProjectFormValues;
  /** Focus the title when the form appears (the inline edit form opened by 'Edit'). */
  focusTitle?: boolean;
  /** The project's id, for the widget snippet of a project whose path names no slug. */
  projectId?: string;
}

/** The form's label of each field the API may name in a refusal. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  title: 'Title',
  path: 'Path',
  group_name: 'Group Name',
  version: 'Version',
  stage: 'Stage',
  status: 'Status',
  repository: 'Repository URL',
  description: 'Description',
  embed_origins: 'Feedback widget origins',
};

const STATUS_LABELS: Readonly<Record<string, string>> = {
  'non-working': 'Non-Working',
  MVP: 'MVP',
  'fully-working': 'Fully Working',
};

/** The project form: only the title is required, and the browser enforces it. */
export function ProjectForm({
  initialValues,
  submitLabel,
  pendingLabel,
  pending,
  error,
  fallbackMessage,
  onSubmit,
  onCancel,
  label,
  resetTo,
  focusTitle = false,
  projectId,
}: ProjectFormProps) {
  const [values, setValues] = useState(initialValues);
  const id = useId();
  const field = <K extends keyof ProjectFormValues>(key: K, value: ProjectFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const embedKey = projectSlug({ path: values.path.trim() }) ?? projectId;
  const text = (key: Exclude<keyof ProjectFormValues, 'show_on_homepage'>) => ({
    id: `${id}-${key}`,
    className: 'input',
    value: values[key],
    onChange: (event: { target: { value: string } }) => field(key, event.target.value),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const saved = await onSubmit(values);
    if (saved && resetTo) setValues(resetTo);
  };

  return (
    <form className="project-form" aria-label={label} onSubmit={(event) => void submit(event)}>
      <FormError
        className="project-form__wide"
        message={error ? formErrorMessage(error, fallbackMessage) : null}
        details={error instanceof ApiError ? error.details : []}
        fieldLabels={FIELD_LABELS}
      />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-title`}>
          Title <span aria-hidden="true">*</span>
        </label>
        <input
          {...text('title')}
          required
          maxLength={200}
          // Opened by 'Edit' to change this project: the person starts on its first field.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={focusTitle}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-path`}>
          Path
        </label>
        <input {...text('path')} placeholder="/apps/my-project/" />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-group_name`}>
          Group Name
        </label>
        <input {...text('group_name')} placeholder="other" />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-version`}>
          Version
        </label>
        <input {...text('version')} placeholder="1.0.0" />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-stage`}>
          Stage
        </label>
        <select {...text('stage')}>
          <option value="">Not set</option>
          {PROJECT_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {stage}
            </option>
          ))}
          {values.stage && !(PROJECT_STAGES as readonly string[]).includes(values.stage) ? (
            <option value={values.stage}>{values.stage}</option>
          ) : null}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-status`}>
          Status
        </label>
        <select {...text('status')}>
          <option value="">Not set</option>
          {PROJECT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status] ?? status}
            </option>
          ))}
          {values.status && !(PROJECT_STATUSES as readonly string[]).includes(values.status) ? (
            <option value={values.status}>{values.status}</option>
          ) : null}
        </select>
      </div>
      <div className="field project-form__wide">
        <label className="field__label" htmlFor={`${id}-repositoryUrl`}>
          Repository URL
        </label>
        <input {...text('repositoryUrl')} type="url" placeholder="https://github.com/…" />
      </div>
      <div className="field project-form__wide">
        <label className="field__label" htmlFor={`${id}-description`}>
          Description
        </label>
        <textarea {...text('description')} rows={3} />
      </div>
      <div className="field project-form__wide">
        <label className="field__label" htmlFor={`${id}-embedOrigins`}>
          Feedback widget origins
        </label>
        <textarea
          {...text('embedOrigins')}
          rows={2}
          placeholder="https://example.com"
          spellCheck={false}
          aria-describedby={`${id}-embedOrigins-hint`}
        />
        <div id={`${id}-embedOrigins-hint`} className="field__hint">
          <p>
            Sites that may show this project&apos;s feedback widget, one origin per line (up to{' '}
            {EMBED_LIMITS.origins}). This site always may.
          </p>
          {embedKey ? (
            <p>
              Add it to a page with{' '}
              <code className="project-form__snippet">{widgetSnippet(embedKey)}</code>
            </p>
          ) : (
            <p>The snippet to add it to a page appears once the project is saved.</p>
          )}
        </div>
      </div>
      <label className="checkbox project-form__wide">
        <input
          type="checkbox"
          checked={values.show_on_homepage}
          onChange={(event) => field('show_on_homepage', event.target.checked)}
        />
        Show on Homepage
      </label>
      <div className="project-form__actions project-form__wide">
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
