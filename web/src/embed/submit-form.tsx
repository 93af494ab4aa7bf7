import { useId, useState, type FormEvent } from 'react';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import {
  TRACKER_CATEGORIES,
  TRACKER_DEFAULTS,
  TRACKER_LIMITS,
  TRACKER_PRIORITIES,
  type TrackerCategory,
  type TrackerFeatureRequest,
  type TrackerPriority,
} from '@hatchworks/shared/schemas/tracker';
import { FormError } from '../components/ui/form-error';
import { FormSelect } from '../components/votable/form-fields';
import { formErrorMessage } from '../lib/api-error';
import {
  createTrackerRequest,
  trackerRequestProblem,
  type TrackerRequestDraft,
} from '../features/tracker/api/create-request';
import { TAGS_PLACEHOLDER } from './panel-text';

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
      <div className="panel-form__row">
        <FormSelect
          id={`${id}-category`}
          label="Category"
          options={TRACKER_CATEGORIES}
          value={category}
          onChange={(value) => setCategory(value ?? TRACKER_DEFAULTS.category)}
        />
        <FormSelect
          id={`${id}-priority`}
          label="Priority"
          options={TRACKER_PRIORITIES}
          value={priority}
          onChange={(value) => setPriority(value ?? TRACKER_DEFAULTS.priority)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-tags`}>
          Tags
        </label>
        <input
          id={`${id}-tags`}
          className="input"
          value={fields.tags}
          onChange={(event) => set('tags')(event.target.value)}
          maxLength={TRACKER_LIMITS.tagsTextMax}
          placeholder={TAGS_PLACEHOLDER}
          autoComplete="off"
          aria-describedby={`${id}-tags-hint`}
        />
        <p id={`${id}-tags-hint`} className="field__hint">
          Optional. Separate tags with commas.
        </p>
      </div>
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
