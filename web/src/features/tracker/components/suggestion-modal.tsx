import { useId, useRef, useState } from 'react';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import {
  SUGGESTION_GROUPS,
  TRACKER_DEFAULTS,
  TRACKER_LIMITS,
  type ProjectSuggestionInput,
  type SuggestionGroup,
} from '@hatchworks/shared/schemas/tracker';
import { useCreateSuggestion } from '../api/create-suggestion';
import { suggestionProblem } from '../utils/suggestion-form';
import { TrackerField, TrackerSelect } from './tracker-field';
import { TrackerFormModal, useTrackerForm } from './tracker-form-modal';

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
  const nameRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const rationaleRef = useRef<HTMLTextAreaElement>(null);
  const form = useTrackerForm({
    id,
    mutation: create,
    fallbackMessage: FALLBACK_MESSAGES.createProjectSuggestion,
    required: {
      name: { value: name, ref: nameRef },
      description: { value: description, ref: descriptionRef },
      rationale: { value: rationale, ref: rationaleRef },
    },
  });

  const onSubmit = form.onSubmit((website) => {
    const input: ProjectSuggestionInput = { name, description, group, rationale, website };
    return {
      problem: suggestionProblem(input),
      send: () =>
        create.mutate(input, {
          onSuccess: (suggestion) => {
            onCreated(suggestion.name);
            onClose();
          },
        }),
    };
  });

  return (
    <TrackerFormModal
      title="Suggest Project"
      className="suggestion-form"
      intro="Tell the studio what to build next. All fields are required."
      submitLabel="Submit Suggestion"
      form={form}
      pending={create.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TrackerField id={`${id}-name`} label="Project Name">
        <input
          id={`${id}-name`}
          ref={nameRef}
          {...form.invalid('name')}
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
      </TrackerField>
      <TrackerField id={`${id}-description`} label="Description">
        <textarea
          id={`${id}-description`}
          ref={descriptionRef}
          {...form.invalid('description')}
          className="input"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={TRACKER_LIMITS.descriptionMax}
          rows={4}
          required
          aria-required="true"
          placeholder="What would it do?"
        />
      </TrackerField>
      <TrackerSelect
        id={`${id}-group`}
        label="Group"
        options={SUGGESTION_GROUPS}
        value={group}
        onChange={(value) => setGroup(value ?? TRACKER_DEFAULTS.group)}
      />
      <TrackerField id={`${id}-rationale`} label="Rationale">
        <textarea
          id={`${id}-rationale`}
          ref={rationaleRef}
          {...form.invalid('rationale')}
          className="input"
          value={rationale}
          onChange={(event) => setRationale(event.target.value)}
          maxLength={TRACKER_LIMITS.rationaleMax}
          rows={3}
          required
          aria-required="true"
          placeholder="Why should the studio build it?"
        />
      </TrackerField>
    </TrackerFormModal>
  );
}
