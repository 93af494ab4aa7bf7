import { useState } from 'react';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import {
  SUGGESTION_GROUPS,
  TRACKER_DEFAULTS,
  TRACKER_LIMITS,
  type ProjectSuggestion,
  type SuggestionGroup,
} from '@hatchworks/shared/schemas/tracker';
import { type ProjectSuggestionInput } from '@hatchworks/shared/schemas/tracker-submissions';
import { FormSelect, FormTextField } from '../../../components/votable/form-fields';
import { ItemModal, type ItemModalKind } from '../../../components/votable/item-modal';
import { useCreateSuggestion } from '../api/create-suggestion';
import { suggestionProblem } from '../utils/suggestion-form';
import { similarSlot } from './tracker-similar';

const SUGGESTION_FORM: ItemModalKind<ProjectSuggestionInput, ProjectSuggestion> = {
  title: 'Suggest Project',
  className: 'suggestion-form',
  intro: 'Tell the studio what to build next. All fields are required.',
  submitLabel: 'Submit Suggestion',
  fallbackMessage: FALLBACK_MESSAGES.createProjectSuggestion,
  name: {
    key: 'name',
    label: 'Project Name',
    maxLength: TRACKER_LIMITS.nameMax,
    placeholder: 'What should the project be called?',
  },
  description: { maxLength: TRACKER_LIMITS.descriptionMax, placeholder: 'What would it do?' },
  problem: suggestionProblem,
  useCreate: useCreateSuggestion,
};

interface SuggestionModalProps {
  onClose: () => void;
  /** Called after the API stored the suggestion, with its name. */
  onCreated: (suggestion: ProjectSuggestion) => void;
  /** After 'Vote on this instead' on a similar suggestion, with its name. */
  onVotedInstead: (name: string) => void;
}

/** 'Suggest Project': name, description, group (default 'Fiction Projects') and rationale. */
export function SuggestionModal({ onClose, onCreated, onVotedInstead }: SuggestionModalProps) {
  const [group, setGroup] = useState<SuggestionGroup>(TRACKER_DEFAULTS.group);
  const [rationale, setRationale] = useState('');
  return (
    <ItemModal
      kind={SUGGESTION_FORM}
      required={{ rationale }}
      draft={({ name, description, website }) => ({ name, description, group, rationale, website })}
      similar={similarSlot('tracker_suggestion', onVotedInstead)}
      onCreated={onCreated}
      onClose={onClose}
    >
      {(form, id) => (
        <>
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
        </>
      )}
    </ItemModal>
  );
}
