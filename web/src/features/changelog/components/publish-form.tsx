import { useId, useState, type FormEvent } from 'react';
import {
  CHANGELOG_LIMITS,
  CHANGELOG_SUBJECT_LABELS,
  type ChangelogEntry,
} from '@hatchworks/shared/schemas/changelog';
import { SUBJECT_TYPES, type SubjectType } from '@hatchworks/shared/schemas/subjects';
import { FormError } from '../../../components/ui/form-error';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, formErrorMessage } from '../../../lib/api-error';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { ProjectSelect } from '../../../components/ui/project-select';
import { PUBLISH_FAILED, useCandidates, usePublishEntry, type Candidate } from '../api/changelog';

const keyOf = (subject: { type: SubjectType; id: string }) => `${subject.type}:${subject.id}`;

/** Group headings of the picker, by subject type. */
const GROUP_LABELS: Record<SubjectType, string> = {
  feature: 'Feature requests',
  tracker_request: 'Tracker requests',
  tracker_suggestion: 'Project suggestions',
};

interface PublishFormProps {
  /** The request `?announce=` names, checked when the form opens. */
  preselected?: { type: SubjectType; id: string } | undefined;
  onPublished: (entry: ChangelogEntry) => void;
  onCancel: () => void;
}

/**
 * The admins' form: title, plain-text body, an optional project and the completed requests the
 * entry closes. The server checks everything again; its messages show above the buttons.
 */
export function PublishForm({ preselected, onPublished, onCancel }: PublishFormProps) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [projectId, setProjectId] = useState('');
  const [closes, setCloses] = useState<string[]>(preselected ? [keyOf(preselected)] : []);
  const candidates = useCandidates(true);
  const idempotencyKey = useIdempotencyKey();
  const publish = usePublishEntry({ onSuccess: onPublished });

  const listed = candidates.data ?? [];
  // The announced request may be beyond the first page of its list: still offered, by its id.
  const extra: Candidate[] =
    preselected && !listed.some((candidate) => keyOf(candidate) === keyOf(preselected))
      ? [
          {
            ...preselected,
            title: `${CHANGELOG_SUBJECT_LABELS[preselected.type]} ${preselected.id}`,
          },
        ]
      : [];
  const all = [...extra, ...listed];

  const toggle = (key: string, checked: boolean) =>
    setCloses((current) =>
      checked
        ? [...current.filter((each) => each !== key), key]
        : current.filter((each) => each !== key),
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      title,
      body,
      project_id: projectId || null,
      closes: closes.map((key) => {
        const at = key.indexOf(':');
        return { type: key.slice(0, at) as SubjectType, id: key.slice(at + 1) };
      }),
    };
    publish.mutate({ input, key: idempotencyKey(input) });
  };

  const error = publish.error;
  const errorId = `${id}-error`;

  return (
    <form
      className="card changelog-form"
      onSubmit={submit}
      aria-labelledby={`${id}-heading`}
      noValidate
    >
      <h2 id={`${id}-heading`} className="changelog-form__heading">
        Publish entry
      </h2>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-title`}>
          Title
        </label>
        <input
          id={`${id}-title`}
          className="input"
          value={title}
          maxLength={CHANGELOG_LIMITS.titleMax}
          onChange={(event) => setTitle(event.target.value)}
          aria-describedby={error ? errorId : undefined}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- opened on purpose, to write an entry
          autoFocus
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-body`}>
          Body
        </label>
        <textarea
          id={`${id}-body`}
          className="input changelog-form__body"
          value={body}
          maxLength={CHANGELOG_LIMITS.bodyMax}
          onChange={(event) => setBody(event.target.value)}
          aria-describedby={`${id}-body-hint`}
          rows={8}
        />
        <span id={`${id}-body-hint`} className="field__hint">
          Plain text. Separate paragraphs with a blank line.
        </span>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-project`}>
          Project
        </label>
        <ProjectSelect
          id={`${id}-project`}
          value={projectId}
          onChange={setProjectId}
          emptyLabel="No project"
        />
      </div>
      <fieldset className="changelog-form__closes">
        <legend className="field__label">Closes</legend>
        <p className="field__hint">
          Completed requests this entry announces; their followers are told.
        </p>
        {candidates.isPending ? (
          <p className="changelog-form__status" role="status">
            <Spinner size="sm" /> Loading completed requests...
          </p>
        ) : null}
        {candidates.isError ? (
          <p className="changelog-form__status" role="alert">
            {formErrorMessage(candidates.error, 'Failed to load the completed requests')}{' '}
            <button
              type="button"
              className="button button--sm button--secondary"
              onClick={() => void candidates.refetch()}
            >
              Try Again
            </button>
          </p>
        ) : null}
        {candidates.isSuccess && all.length === 0 ? (
          <p className="changelog-form__status">No completed requests yet.</p>
        ) : null}
        {SUBJECT_TYPES.map((type) => {
          const group = all.filter((candidate) => candidate.type === type);
          if (group.length === 0) return null;
          return (
            <div key={type} className="changelog-form__group">
              <p className="changelog-form__group-title">{GROUP_LABELS[type]}</p>
              <ul className="changelog-form__options">
                {group.map((candidate) => {
                  const key = keyOf(candidate);
                  return (
                    <li key={key}>
                      <label className="checkbox">
                        <input
                          type="checkbox"
                          checked={closes.includes(key)}
                          onChange={(event) => toggle(key, event.target.checked)}
                        />
                        {candidate.title}
                      </label>
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })}
      </fieldset>
      <FormError
        id={errorId}
        message={error ? formErrorMessage(error, PUBLISH_FAILED) : null}
        details={error instanceof ApiError ? error.details : []}
      />
      <div className="changelog-form__actions">
        <button type="submit" className="button button--primary" disabled={publish.isPending}>
          {publish.isPending ? 'Publishing...' : 'Publish entry'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
