import { useId, useState } from 'react';
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
import {
  trackerRequestProblem,
  useCreateTrackerRequest,
  type TrackerRequestDraft,
} from '../api/create-request';
import { ProjectSelect } from '../../../components/ui/project-select';
import { FormField, FormSelect, FormTextField } from '../../../components/votable/form-fields';
import { ItemFormModal, useItemForm } from '../../../components/votable/form-modal';
import { TrackerSimilar } from './tracker-similar';

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
  /** After 'Vote on this instead' on a similar request (issue 13), with its title. */
  onVotedInstead: (title: string) => void;
}

/**
 * 'Submit Request' (spec 2, 5): title and description required, category 'Bug Fix' and priority
 * 'Low' by default, an optional project, comma-separated tags. A refused submission keeps
 * everything typed and shows the server's reason (e.g. the 429 of the rate limit); a stored one
 * closes the dialog. Open while rendered.
 */
export function RequestModal({
  onClose,
  onCreated,
  defaultProjectId,
  onVotedInstead,
}: RequestModalProps) {
  const id = useId();
  const create = useCreateTrackerRequest();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<TrackerCategory>(TRACKER_DEFAULTS.category);
  const [priority, setPriority] = useState<TrackerPriority>(TRACKER_DEFAULTS.priority);
  const [projectId, setProjectId] = useState(defaultProjectId ?? '');
  const [tags, setTags] = useState('');
  const form = useItemForm({
    id,
    mutation: create,
    fallbackMessage: FALLBACK_MESSAGES.createFeatureRequest,
    required: { title, description },
  });

  const onSubmit = form.onSubmit((website) => {
    const input: TrackerRequestDraft = {
      title,
      description,
      category,
      priority,
      project_id: projectId,
      tags,
      website,
    };
    return {
      problem: trackerRequestProblem(input),
      send: () =>
        create.mutate(input, {
          onSuccess: (request) => {
            onCreated(request);
            onClose();
          },
        }),
    };
  });

  return (
    <ItemFormModal
      title="Submit Feature Request"
      className="request-form"
      intro="Report a bug or ask for a feature. Title and description are required; no account needed."
      submitLabel="Submit Request"
      form={form}
      pending={create.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <FormTextField
        label="Title"
        control={form.control('title')}
        value={title}
        onChange={setTitle}
        maxLength={TRACKER_LIMITS.titleMax}
        placeholder="A short summary of the request"
        first
      />
      <TrackerSimilar
        type="tracker_request"
        title={title}
        onVoted={(votedTitle) => {
          onVotedInstead(votedTitle);
          onClose();
        }}
      />
      <FormTextField
        label="Description"
        control={form.control('description')}
        value={description}
        onChange={setDescription}
        maxLength={TRACKER_LIMITS.descriptionMax}
        placeholder="What happens, what should happen, and why it matters"
        rows={4}
      />
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
    </ItemFormModal>
  );
}
