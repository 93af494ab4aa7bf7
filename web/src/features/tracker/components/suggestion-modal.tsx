import { useId, useState } from 'react';
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
import { FormSelect, FormTextField } from '../../../components/votable/form-fields';
import { ItemFormModal, useItemForm } from '../../../components/votable/form-modal';
import { TrackerSimilar } from './tracker-similar';

interface SuggestionModalProps {
  onClose: () => void;
  /** Called after the API stored the suggestion, with its name. */
  onCreated: (name: string) => void;
  /** After 'Vote on this instead' on a similar suggestion (issue 13), with its name. */
  onVotedInstead: (name: string) => void;
}

/**
 * 'Suggest Project' (spec 2, 5): name, description, group (default 'Fiction Projects') and
 * rationale. A refused submission keeps everything typed and shows the server's reason; a stored
 * one closes the dialog. Open while rendered.
 */
export function SuggestionModal({ onClose, onCreated, onVotedInstead }: SuggestionModalProps) {
  const id = useId();
  const create = useCreateSuggestion();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [group, setGroup] = useState<SuggestionGroup>(TRACKER_DEFAULTS.group);
  const [rationale, setRationale] = useState('');
  const form = useItemForm({
    id,
    mutation: create,
    fallbackMessage: FALLBACK_MESSAGES.createProjectSuggestion,
    required: { name, description, rationale },
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
    <ItemFormModal
      title="Suggest Project"
      className="suggestion-form"
      intro="Tell the studio what to build next. All fields are required."
      submitLabel="Submit Suggestion"
      form={form}
      pending={create.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <FormTextField
        label="Project Name"
        control={form.control('name')}
        value={name}
        onChange={setName}
        maxLength={TRACKER_LIMITS.nameMax}
        placeholder="What should the project be called?"
        first
      />
      <TrackerSimilar
        type="tracker_suggestion"
        title={name}
        onVoted={(votedName) => {
          onVotedInstead(votedName);
          onClose();
        }}
      />
      <FormTextField
        label="Description"
        control={form.control('description')}
        value={description}
        onChange={setDescription}
        maxLength={TRACKER_LIMITS.descriptionMax}
        placeholder="What would it do?"
        rows={4}
      />
      <FormSelect
        id={`${id}-group`}
        label="Group"
        options={SUGGESTION_GROUPS}
        value={group}
        onChange={(value) => setGroup(value ?? TRACKER_DEFAULTS.group)}
      />
      <FormTextField
        label="Rationale"
        control={form.control('rationale')}
        value={rationale}
        onChange={setRationale}
        maxLength={TRACKER_LIMITS.rationaleMax}
        placeholder="Why should the studio build it?"
        rows={3}
      />
    </ItemFormModal>
  );
}
