import { useState } from 'react';
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
import { ProjectSelect } from '../../../components/ui/project-select';
import { FormField, FormSelect } from '../../../components/votable/form-fields';
import { ItemModal, type ItemModalKind } from '../../../components/votable/item-modal';
import {
  trackerRequestProblem,
  useCreateTrackerRequest,
  type TrackerRequestDraft,
} from '../api/create-request';
import { similarSlot } from './tracker-similar';

/** The project select's empty choice. */
export const NO_PROJECT_LABEL = 'Select a project (optional)';
/** The tags field's placeholder. */
export const TAGS_PLACEHOLDER = 'ui, performance, mobile';

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
          <div className="request-form__row">
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
          <FormField id={`${id}-project`} label="Project">
            <ProjectSelect
              id={`${id}-project`}
              value={projectId}
              onChange={setProjectId}
              emptyLabel={NO_PROJECT_LABEL}
            />
          </FormField>
          <FormField id={`${id}-tags`} label="Tags">
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
          </FormField>
        </>
      )}
    </ItemModal>
  );
}
