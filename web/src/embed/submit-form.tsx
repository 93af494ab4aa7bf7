import { useId, useState, type FormEvent } from 'react';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import {
  TRACKER_DEFAULTS,
  TRACKER_LIMITS,
  type TrackerCategory,
  type TrackerFeatureRequest,
  type TrackerPriority,
} from '@hatchworks/shared/schemas/tracker';
import { FormError } from '../components/ui/form-error';
import { formErrorMessage } from '../lib/api-error';
import { CategoryPriorityFields, TagsField } from '../features/tracker/components/request-fields';
import {
  createTrackerRequest,
  trackerRequestProblem,
  type TrackerRequestDraft,
} from '../features/tracker/api/create-request';

interface SubmitFormProps {
  readonly projectId: string;
  readonly signedIn: boolean;
  readonly onCreated: (request: TrackerFeatureRequest) => void;
  readonly onCancel: () => void;
}

const EMPTY = { title: '', description: '', tags: '', website: '' };

/**
 * 'Submit a request' inside the panel: the tracker's form for this project (title and description
 * required, category 'Bug Fix' and priority 'Low' by default, comma-separated tags). No account
 * needed; a signed-in person submits under their name. The draft stays while the panel is closed.
 */
export function SubmitForm({ projectId, signedIn, onCreated, onCancel }: SubmitFormProps) {
  const id = useId();
  const [fields, setFields] = useState(EMPTY);
  const [category, setCategory] = useState<TrackerCategory>(TRACKER_DEFAULTS.category);
  const [priority, setPriority] = useState<TrackerPriority>(TRACKER_DEFAULTS.priority);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const set = (name: keyof typeof EMPTY) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const draft: TrackerRequestDraft = {
      ...fields,
      website: fields.website || undefined,
      category,
      priority,
      project_id: projectId,
    };
    const problem = trackerRequestProblem(draft);
    if (problem) {
      setError(problem);
      return;
    }
    setPending(true);
    setError(null);
    try {
      const created = await createTrackerRequest(draft);
      setFields(EMPTY);
      onCreated(created);
    } catch (failure) {
      setError(formErrorMessage(failure, FALLBACK_MESSAGES.createFeatureRequest));
    } finally {
      setPending(false);
    }
  };

  const errorId = `${id}-error`;
  const invalid = error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  return (
    <form className="panel-form" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="panel-section__title">
        Submit a request
      </h2>
      <p className="panel-form__intro">
        {signedIn
          ? 'Report a bug or ask for a feature. It is posted under your name.'
          : 'Report a bug or ask for a feature. No account needed.'}
      </p>
      <FormError id={errorId} message={error} />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-title`}>
          Title
        </label>
        <input
          id={`${id}-title`}
          className="input"
          value={fields.title}
          onChange={(event) => set('title')(event.target.value)}
          maxLength={TRACKER_LIMITS.titleMax}
          placeholder="A short summary of the request"
          autoComplete="off"
          required
          {...invalid}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-description`}>
          Description
        </label>
        <textarea
          id={`${id}-description`}
          className="input"
          rows={4}
          value={fields.description}
          onChange={(event) => set('description')(event.target.value)}
          maxLength={TRACKER_LIMITS.descriptionMax}
          placeholder="What happens, what should happen, and why it matters"
          required
          {...invalid}
        />
      </div>
      <CategoryPriorityFields
        id={id}
        className="panel-form__row"
        category={category}
        priority={priority}
        onCategory={setCategory}
        onPriority={setPriority}
      />
      <TagsField id={id} value={fields.tags} onChange={set('tags')} />
      {/* The honeypot: hidden from people and screen readers, filled in by some bots. */}
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Website</label>
        <input
          id={`${id}-website`}
          tabIndex={-1}
          autoComplete="off"
          value={fields.website}
          onChange={(event) => set('website')(event.target.value)}
        />
      </div>
      <div className="panel-form__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={pending || undefined}
        >
          {pending ? 'Submitting...' : 'Submit Request'}
        </button>
      </div>
    </form>
  );
}
