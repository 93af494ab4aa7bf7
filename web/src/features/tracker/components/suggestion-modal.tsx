import { useId, useRef, useState, type FormEvent } from 'react';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import {
  SUGGESTION_GROUPS,
  TRACKER_DEFAULTS,
  TRACKER_LIMITS,
  type ProjectSuggestionInput,
  type SuggestionGroup,
} from '@hatchworks/shared/schemas/tracker';
import { Modal } from '../../../components/ui/modal';
import { ApiError, formErrorMessage } from '../../../lib/api-error';
import { useCreateSuggestion } from '../api/create-suggestion';
import { suggestionProblem } from '../utils/suggestion-form';

interface SuggestionModalProps {
  onClose: () => void;
  /** Called after the API stored the suggestion, with its name. */
  onCreated: (name: string) => void;
}

/**
 * 'Suggest Project' (spec 2, 5): name, description, group (default 'Fiction Projects') and
 * rationale. A refused submission keeps everything typed and shows the server's reason; a stored
 * one closes the dialog. Open while rendered.
 */
export function SuggestionModal({ onClose, onCreated }: SuggestionModalProps) {
  const id = useId();
  const create = useCreateSuggestion();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [group, setGroup] = useState<SuggestionGroup>(TRACKER_DEFAULTS.group);
  const [rationale, setRationale] = useState('');
  // Bots fill every field they find; people never see this one.
  const [website, setWebsite] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // The required fields the last check found blank, marked invalid until the next check.
  const [blank, setBlank] = useState({ name: false, description: false, rationale: false });
  const nameRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const rationaleRef = useRef<HTMLTextAreaElement>(null);
  const errorId = `${id}-error`;
  /** A blank required field: marked invalid and pointed at the message. */
  const flag = (invalid: boolean) =>
    invalid ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};

  const serverError = create.error;
  const message =
    problem ??
    (serverError ? formErrorMessage(serverError, FALLBACK_MESSAGES.createProjectSuggestion) : null);
  const details =
    !problem && serverError instanceof ApiError && serverError.details.length > 0
      ? serverError.details.filter((detail) => detail.message !== message)
      : [];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const input: ProjectSuggestionInput = {
      name,
      description,
      group,
      rationale,
      website: website || undefined,
    };
    const found = suggestionProblem(input);
    const missing = {
      name: name.trim() === '',
      description: description.trim() === '',
      rationale: rationale.trim() === '',
    };
    setProblem(found);
    setBlank(missing);
    if (found) {
      // Take the person to the first field to fix.
      if (missing.name) nameRef.current?.focus();
      else if (missing.description) descriptionRef.current?.focus();
      else if (missing.rationale) rationaleRef.current?.focus();
      create.reset();
      return;
    }
    create.mutate(input, {
      onSuccess: (suggestion) => {
        onCreated(suggestion.name);
        onClose();
      },
    });
  };

  return (
    <Modal title="Suggest Project" onClose={onClose}>
      <form className="suggestion-form" onSubmit={onSubmit} noValidate aria-busy={create.isPending}>
        <p className="suggestion-form__intro">
          Tell the studio what to build next. All fields are required.
        </p>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-name`}>
            Project Name
          </label>
          <input
            id={`${id}-name`}
            ref={nameRef}
            {...flag(blank.name)}
            className="input"
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={TRACKER_LIMITS.nameMax}
            required
            aria-required="true"
            autoComplete="off"
            placeholder="What should the project be called?"
            // The dialog exists to take this suggestion; starting in its first field saves a Tab.
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
            {...flag(blank.description)}
            className="input"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            maxLength={TRACKER_LIMITS.descriptionMax}
            rows={4}
            required
            aria-required="true"
            placeholder="What would it do?"
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-group`}>
            Group
          </label>
          <select
            id={`${id}-group`}
            className="input"
            value={group}
            onChange={(event) =>
              setGroup(
                SUGGESTION_GROUPS.find((candidate) => candidate === event.target.value) ??
                  TRACKER_DEFAULTS.group,
              )
            }
          >
            {SUGGESTION_GROUPS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-rationale`}>
            Rationale
          </label>
          <textarea
            id={`${id}-rationale`}
            ref={rationaleRef}
            {...flag(blank.rationale)}
            className="input"
            value={rationale}
            onChange={(event) => setRationale(event.target.value)}
            maxLength={TRACKER_LIMITS.rationaleMax}
            rows={3}
            required
            aria-required="true"
            placeholder="Why should the studio build it?"
          />
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
          <div id={errorId} className="form-error suggestion-form__error" role="alert">
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
            {create.isPending ? 'Submitting...' : 'Submit Suggestion'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
