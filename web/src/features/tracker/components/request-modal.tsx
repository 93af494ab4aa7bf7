import { useState } from 'react';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import {
  TRACKER_DEFAULTS,
  TRACKER_LIMITS,
  type TrackerCategory,
  type TrackerFeatureRequest,
  type TrackerPriority,
} from '@hatchworks/shared/schemas/tracker';
import { ProjectSelect } from '../../../components/ui/project-select';
import { FormField } from '../../../components/votable/form-fields';
import { ItemModal, type ItemModalKind } from '../../../components/votable/item-modal';
import {
  trackerRequestProblem,
  useCreateTrackerRequest,
  type TrackerRequestDraft,
} from '../api/create-request';
import { CategoryPriorityFields, TagsField } from './request-fields';
import { similarSlot } from './tracker-similar';

/** The project select's empty choice. */
export const NO_PROJECT_LABEL = 'Select a project (optional)';

const REQUEST_FORM: ItemModalKind<TrackerRequestDraft, TrackerFeatureRequest> = {
  title: 'Submit a tracker request',
  className: 'request-form',
  intro:
    'Report a bug or ask for a feature. Title and description are required; no account needed.',
  submitLabel: 'Submit Request',
  fallbackMessage: FALLBACK_MESSAGES.createFeatureRequest,
  name: {
    key: 'title',
    label: 'Title',
    maxLength: TRACKER_LIMITS.titleMax,
    placeholder: 'A short summary of the request',
  },
  description: {
    maxLength: TRACKER_LIMITS.descriptionMax,
    placeholder: 'What happens, what should happen, and why it matters',
  },
  problem: trackerRequestProblem,
  useCreate: useCreateTrackerRequest,
};

interface RequestModalProps {
  onClose: () => void;
  /** Called after the API stored the request. */
  onCreated: (request: TrackerFeatureRequest) => void;
  /** Preselects a project, e.g. the one the list is filtered to. */
  defaultProjectId?: string;
  /** After 'Vote on this instead' on a similar request, with its title. */
  onVotedInstead: (title: string) => void;
}

/**
 * 'Submit Request': title and description required, category 'Bug Fix' and priority 'Low' by
 * default, an optional project, comma-separated tags.
 */
export function RequestModal({
  onClose,
  onCreated,
  defaultProjectId,
  onVotedInstead,
}: RequestModalProps) {
  const [category, setCategory] = useState<TrackerCategory>(TRACKER_DEFAULTS.category);
  const [priority, setPriority] = useState<TrackerPriority>(TRACKER_DEFAULTS.priority);
  const [projectId, setProjectId] = useState(defaultProjectId ?? '');
  const [tags, setTags] = useState('');
  return (
    <ItemModal
      kind={REQUEST_FORM}
      draft={({ name, description, website }) => ({
        title: name,
        description,
        category,
        priority,
        project_id: projectId,
        tags,
        website,
      })}
      similar={similarSlot('tracker_request', onVotedInstead)}
      onCreated={onCreated}
      onClose={onClose}
    >
      {(_form, id) => (
        <>
          <CategoryPriorityFields
            id={id}
            className="request-form__row"
            category={category}
            priority={priority}
            onCategory={setCategory}
            onPriority={setPriority}
          />
          <FormField id={`${id}-project`} label="Project">
            <ProjectSelect
              id={`${id}-project`}
              value={projectId}
              onChange={setProjectId}
              emptyLabel={NO_PROJECT_LABEL}
            />
          </FormField>
          <TagsField id={id} value={tags} onChange={setTags} />
        </>
      )}
    </ItemModal>
  );
}
