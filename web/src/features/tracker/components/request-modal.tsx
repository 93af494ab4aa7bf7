import { useId, useRef, useState, type FormEvent } from 'react';
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
import { Modal } from '../../../components/ui/modal';
import { ApiError, formErrorMessage } from '../../../lib/api-error';
import {
  trackerRequestProblem,
  useCreateTrackerRequest,
  type TrackerRequestDraft,
} from '../api/create-request';
import { ProjectSelect } from './project-select';

/** Spec 5: the project select's empty choice. */
export const NO_PROJECT_LABEL = 'Select a project (optional)';
/** Spec 5: the tags field's placeholder. */
export const TAGS_PLACEHOLDER = 'ui, performance, mobile';

interface RequestModalProps {
  onClose: () => void;
  /** Called after the API stored the request. */
  onCreated: (request: TrackerFeatureRequest) => void;
  /** Preselects a project, e.g. the one the list is filtered to. */
  defaultProjectId?: string;
}

function pick<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return values.find((candidate) => candidate === value) ?? fallback;
}

/**
 * 'Submit Request' (spec 2, 5): title and description required, category 'Bug Fix' and priority
 * 'Low' by default, an optional project, comma-separated tags. A refused submission keeps
 * everything typed and shows the server's reason (e.g. the 429 of the rate limit); a stored one
 * closes the dialog. Open while rendered.
 */
export function RequestModal({ onClose, onCreated, defaultProjectId }: RequestModalProps) {
  const id = useId();
  const create = useCreateTrackerRequest();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<TrackerCategory>(TRACKER_DEFAULTS.category);
  const [priority, setPriority] = useState<TrackerPriority>(TRACKER_DEFAULTS.priority);
  const [projectId, setProjectId] = useState(defaultProjectId ?? '');
  const [tags, setTags] = useState('');
  // Bots fill every field they find; people never see this one.
  const [website, setWebsite] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  // The required fields the last check found blank, marked invalid until the next check.
  const [blank, setBlank] = useState({ title: false, description: false });

  const serverError = create.error;
  const message =
    problem ??
    (serverError ? formErrorMessage(serverError, FALLBACK_MESSAGES.createFeatureRequest) : null);
  const details =
    !problem && serverError instanceof ApiError
      ? serverError.details.filter((detail) => detail.message !== message)
      : [];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const input: TrackerRequestDraft = {
      title,
      description,
      category,
      priority,
      project_id: projectId,
      tags,
      website: website || undefined,
    };
    const found = trackerRequestProblem(input);
    const missing = { title: title.trim() === '', description: description.trim() === '' };
    setProblem(found);
    setBlank(missing);
    if (found) {
      // Take the person to the first field to fix.
      if (missing.title) titleRef.current?.focus();
      else if (missing.description) descriptionRef.current?.focus();
      create.reset();
      return;
    }
    create.mutate(input, {
      onSuccess: (request) => {
        onCreated(request);
        onClose();
      },
    });
  };

  return (
    <Modal title="Submit Feature Request" onClose={onClose}>
      <form className="request-form" onSubmit={onSubmit} noValidate aria-busy={create.isPending}>
        <p className="request-form__intro">
          Report a bug or ask for a feature. Title and description are required; no account needed.
        </p>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-title`}>
            Title
          </label>
          <input
            id={`${id}-title`}
            ref={titleRef}
            aria-invalid={blank.title || undefined}
            aria-describedby={blank.title ? `${id}-error` : undefined}
            className="input"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            maxLength={TRACKER_LIMITS.titleMax}
            required
            aria-required="true"
            autoComplete="off"
            placeholder="A short summary of the request"
            // The dialog exists to take this request; starting in its first field saves a Tab.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-description`}>
            Description
          </label>
          <textarea
            id={`${id}-description`}
            ref={descriptionRef}
            aria-invalid={blank.description || undefined}
            aria-describedby={blank.description ? `${id}-error` : undefined}
            className="input"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            maxLength={TRACKER_LIMITS.descriptionMax}
            rows={4}
            required
            aria-required="true"
            placeholder="What happens, what should happen, and why it matters"
          />
        </div>
        <div className="request-form__row">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-category`}>
              Category
            </label>
            <select
              id={`${id}-category`}
              className="input"
              value={category}
              onChange={(event) =>
                setCategory(pick(TRACKER_CATEGORIES, event.target.value, TRACKER_DEFAULTS.category))
              }
            >
              {TRACKER_CATEGORIES.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-priority`}>
              Priority
            </label>
            <select
              id={`${id}-priority`}
              className="input"
              value={priority}
              onChange={(event) =>
                setPriority(pick(TRACKER_PRIORITIES, event.target.value, TRACKER_DEFAULTS.priority))
              }
            >
              {TRACKER_PRIORITIES.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-project`}>
            Project
          </label>
          <ProjectSelect
            id={`${id}-project`}
            value={projectId}
            onChange={setProjectId}
            emptyLabel={NO_PROJECT_LABEL}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-tags`}>
            Tags
          </label>
          <input
            id={`${id}-tags`}
            className="input"
            value={tags}
            onChange={(event) => setTags(event.target.value)}
            maxLength={TRACKER_LIMITS.tagsTextMax}
            autoComplete="off"
            placeholder={TAGS_PLACEHOLDER}
            aria-describedby={`${id}-tags-hint`}
          />
          <p id={`${id}-tags-hint`} className="field__hint">
            Optional. Separate tags with commas (up to {TRACKER_LIMITS.tagsMax}).
          </p>
        </div>
        <div className="visually-hidden" aria-hidden="true">
          <label htmlFor={`${id}-website`}>Website</label>
          <input
            id={`${id}-website`}
            name="website"
            type="text"
            value={website}
            onChange={(event) => setWebsite(event.target.value)}
            tabIndex={-1}
            autoComplete="off"
          />
        </div>

        {message ? (
          <div id={`${id}-error`} className="form-error request-form__error" role="alert">
            {message}
            {details.length > 0 ? (
              <ul>
                {details.map((detail) => (
                  <li key={`${detail.field}:${detail.message}`}>{detail.message}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}

        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--accent" disabled={create.isPending}>
            {create.isPending ? 'Submitting...' : 'Submit Request'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
