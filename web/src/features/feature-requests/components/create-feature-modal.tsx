import { useEffect, useId, useState, type FormEvent } from 'react';
import { EGGS, LIMITS } from '@hatchworks/shared/constants';
import {
  FEATURE_LIMITS,
  FEATURE_TYPES,
  PRIORITY_LEVELS,
  type CreateFeatureInput,
  type Feature,
  type FeatureType,
  type PriorityLevel,
} from '@hatchworks/shared/schemas/features';
import type { Project } from '@hatchworks/shared/schemas/projects';
import { Modal } from '../../../components/ui/modal';
import { FormError } from '../../../components/ui/form-error';
import { ApiError, formErrorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { useAllProjects } from '../../../lib/api/list-projects';
import {
  CREATE_FEATURE_MESSAGES,
  createFeatureProblem,
  useCreateFeature,
} from '../api/create-feature';
import { FEATURE_TYPE_LABELS } from '../utils/feature-labels';
import { countOf } from '../../../lib/format';
import { TagsInput } from './tags-input';
import './create-feature-modal.css';
import { EggIcon } from '../../../components/ui/icons';
import { Badge } from '../../../components/ui/badge';
import {
  FEATURE_STATUS_BADGES,
  FeatureStatusBadge,
} from '../../../components/ui/feature-status-badge';
import { SimilarRequests } from '../../../components/ui/similar-requests';

/** The priorities as the create form offers them (the card's dot says 'High priority'). */
const PRIORITY_LABELS: Readonly<Record<PriorityLevel, string>> = {
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

/** The projects under their group names, in the API's order (group, then title). */
function byGroup(projects: readonly Project[]): [string, Project[]][] {
  const groups = new Map<string, Project[]>();
  for (const project of projects) {
    groups.set(project.group_name, [...(groups.get(project.group_name) ?? []), project]);
  }
  return [...groups.entries()];
}

interface CreateFeatureModalProps {
  onClose: () => void;
  /** Called with the new (pending) request when the server took it, just before closing. */
  onCreated?: (feature: Feature) => void;
  /** Preselects a project, e.g. on a project's own feature screen. */
  defaultProjectId?: string;
  /**
   * 'Vote on this instead' on a similar approved request: closes this dialog and opens
   * the vote dialog of that request. Rejects with the reason when it cannot.
   */
  onVoteInstead?: (featureId: string) => Promise<void>;
}

/** A similar request's status as the feature screens badge it. */
function SimilarStatus({ status }: { status: string }) {
  const known = Object.keys(FEATURE_STATUS_BADGES).find((each) => each === status) as
    Feature['status'] | undefined;
  return known ? <FeatureStatusBadge status={known} /> : <Badge tone="other">{status}</Badge>;
}

/**
 * The create modal of /features: costs 100 eggs; every create rule is checked here
 * first and the server's own message is shown when it refuses. Nothing typed is lost on an error.
 * Open while rendered.
 */
export function CreateFeatureModal({
  onClose,
  onCreated,
  defaultProjectId,
  onVoteInstead,
}: CreateFeatureModalProps) {
  const session = useSession();
  const user = session.user;
  const projects = useAllProjects();
  const create = useCreateFeature();
  const keyFor = useIdempotencyKey();
  const id = useId();

  const [title, setTitle] = useState('');
  const [projectId, setProjectId] = useState(defaultProjectId ?? '');
  const [featureType, setFeatureType] = useState<FeatureType>('new_feature');
  const [description, setDescription] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [priority, setPriority] = useState<PriorityLevel>('medium');
  const [useCase, setUseCase] = useState('');
  const [benefits, setBenefits] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  // A failure to load the projects is only logged; the select says so.
  useEffect(() => {
    if (projects.error) console.error('Projects for the create form failed', projects.error);
  }, [projects.error]);

  const projectList = projects.data ?? [];
  const balance = user?.egg_balance ?? null;
  const input: CreateFeatureInput = {
    title,
    description,
    feature_type: featureType,
    // A preselected project that no longer exists counts as none chosen.
    project_id: projectList.some((project) => project.id === projectId) ? projectId : '',
    tags,
    priority_level: priority,
    use_case: useCase.trim() || undefined,
    expected_benefits: benefits.trim() || undefined,
    user_id: user?.id,
  };
  const check = () =>
    createFeatureProblem({
      balance,
      projectCount: projects.isPending ? null : projectList.length,
      input,
    });
  // A problem found on submit goes away as soon as it is fixed (e.g. a project is picked).
  const shownProblem = problem !== null && check() === problem ? problem : null;
  const serverError = create.error;
  const message =
    shownProblem ??
    (serverError ? formErrorMessage(serverError, CREATE_FEATURE_MESSAGES.failed) : null);
  const details =
    !shownProblem && serverError instanceof ApiError && serverError.details.length > 0
      ? serverError.details
      : [];
  const errorId = `${id}-error`;
  /** The field a client-side problem is about, marked invalid and pointed at the message. */
  const flag = (invalid: boolean) =>
    invalid ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  const textMissing = shownProblem === CREATE_FEATURE_MESSAGES.titleAndDescription;
  const projectMissing = shownProblem === CREATE_FEATURE_MESSAGES.selectProject;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const found = check();
    setProblem(found);
    if (found) {
      create.reset();
      return;
    }
    create.mutate(
      { input, idempotencyKey: keyFor(input) },
      {
        onSuccess: (feature) => {
          onCreated?.(feature);
          onClose();
        },
      },
    );
  };

  const projectPlaceholder = projects.isPending
    ? 'Loading projects...'
    : projects.isError
      ? 'Projects could not be loaded'
      : projectList.length === 0
        ? 'No projects available'
        : 'Select a project';

  return (
    <Modal title="Create Feature Request" onClose={onClose} closeOnBackdrop={false}>
      <form className="create-feature" onSubmit={onSubmit} noValidate aria-busy={create.isPending}>
        <div className="create-feature__cost">
          <p className="create-feature__cost-text">
            <EggIcon /> Creating a feature request costs{' '}
            <strong>{EGGS.featureCreationCost} eggs</strong>.
          </p>
          <p className="create-feature__balance">
            Your balance: <strong>{countOf(balance ?? 0, 'egg')}</strong>
          </p>
        </div>

        <div className="field">
          <label className="field__label" htmlFor={`${id}-title`}>
            Title
          </label>
          <input
            id={`${id}-title`}
            className="input"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            maxLength={LIMITS.featureTitleMax}
            required
            {...flag(textMissing && title.trim() === '')}
            autoComplete="off"
            // The dialog exists to take this request; starting in its first field saves a Tab.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
          />
        </div>

        {onVoteInstead ? (
          <SimilarRequests
            type="feature"
            title={title}
            renderStatus={(item) => <SimilarStatus status={item.status} />}
            canVote={(item) => item.status === 'approved'}
            onVoteInstead={(item) => onVoteInstead(item.id)}
            voteFallback="Failed to open the vote"
          />
        ) : null}

        <div className="create-feature__row">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-project`}>
              Project
            </label>
            <select
              id={`${id}-project`}
              className="input"
              value={projectId}
              onChange={(event) => setProjectId(event.target.value)}
              required
              {...flag(projectMissing)}
            >
              <option value="">{projectPlaceholder}</option>
              {byGroup(projectList).map(([group, members]) => (
                <optgroup key={group} label={group}>
                  {members.map((project) => (
                    <option key={project.id} value={project.id}>
                      {project.title}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-type`}>
              Feature Type
            </label>
            <select
              id={`${id}-type`}
              className="input"
              value={featureType}
              onChange={(event) => setFeatureType(event.target.value as FeatureType)}
            >
              {FEATURE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {FEATURE_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </div>
        </div>

        <div className="field">
          <label className="field__label" htmlFor={`${id}-description`}>
            Description
          </label>
          <textarea
            id={`${id}-description`}
            className="input"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            maxLength={FEATURE_LIMITS.descriptionMax}
            rows={4}
            required
            {...flag(textMissing && description.trim() === '')}
          />
        </div>

        <div className="field">
          <label className="field__label" htmlFor={`${id}-tags`}>
            Tags
          </label>
          <TagsInput id={`${id}-tags`} tags={tags} onChange={setTags} />
        </div>

        <details className="create-feature__more">
          <summary>More details (optional)</summary>
          <div className="create-feature__more-body">
            <div className="field">
              <label className="field__label" htmlFor={`${id}-priority`}>
                Priority
              </label>
              <select
                id={`${id}-priority`}
                className="input"
                value={priority}
                onChange={(event) => setPriority(event.target.value as PriorityLevel)}
              >
                {PRIORITY_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {PRIORITY_LABELS[level]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-use-case`}>
                Use Case
              </label>
              <textarea
                id={`${id}-use-case`}
                className="input"
                value={useCase}
                onChange={(event) => setUseCase(event.target.value)}
                maxLength={FEATURE_LIMITS.longTextMax}
                rows={3}
              />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-benefits`}>
                Expected Benefits
              </label>
              <textarea
                id={`${id}-benefits`}
                className="input"
                value={benefits}
                onChange={(event) => setBenefits(event.target.value)}
                maxLength={FEATURE_LIMITS.longTextMax}
                rows={3}
              />
            </div>
          </div>
        </details>

        <FormError
          id={errorId}
          className="create-feature__error"
          message={message}
          details={details}
        />

        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--accent" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : `Create Feature (${EGGS.featureCreationCost} eggs)`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
