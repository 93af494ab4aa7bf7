import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
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
  MISSING_FIELD_MESSAGES,
  createFeatureProblem,
  missingFeatureFields,
  useCreateFeature,
  type RequiredFeatureField,
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
import { useToast } from '../../../components/ui/toast';

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
  const showToast = useToast();
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
  // After a submit that left required fields empty, each empty one says so until it is filled.
  const [markMissing, setMarkMissing] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const projectRef = useRef<HTMLSelectElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);

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
  const projectCount = projects.isPending ? null : projectList.length;
  const check = () => createFeatureProblem({ balance, projectCount, input });
  const missing = markMissing ? missingFeatureFields(input, projectCount) : [];
  const isMissing = (field: RequiredFeatureField) => missing.includes(field);
  // A problem found on submit goes away as soon as it is fixed (e.g. a project is picked);
  // the spec's summary stays only while both title and description are empty.
  const summary =
    isMissing('title') && isMissing('description')
      ? CREATE_FEATURE_MESSAGES.titleAndDescription
      : null;
  const shownProblem = problem !== null && check() === problem ? problem : summary;
  const serverError = create.error;
  const message =
    shownProblem ??
    (serverError ? formErrorMessage(serverError, CREATE_FEATURE_MESSAGES.failed) : null);
  const details =
    !shownProblem && serverError instanceof ApiError && serverError.details.length > 0
      ? serverError.details
      : [];
  const errorId = `${id}-error`;
  const fieldErrorId = (field: RequiredFeatureField) => `${id}-${field}-error`;
  /** An empty required field: marked invalid and pointed at its own message (and the summary). */
  const required = (field: RequiredFeatureField) =>
    isMissing(field)
      ? {
          'aria-invalid': true,
          'aria-describedby': summary ? `${fieldErrorId(field)} ${errorId}` : fieldErrorId(field),
        }
      : {};
  const fieldError = (field: RequiredFeatureField) =>
    isMissing(field) ? (
      <p id={fieldErrorId(field)} className="field__error">
        {MISSING_FIELD_MESSAGES[field]}
      </p>
    ) : null;
  const refs = { title: titleRef, project: projectRef, description: descriptionRef } as const;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const found = check();
    const empty = missingFeatureFields(input, projectCount);
    // Signing in, eggs and having projects come first; then every empty field says so at once.
    const fieldsFirst =
      found === CREATE_FEATURE_MESSAGES.titleAndDescription ||
      found === CREATE_FEATURE_MESSAGES.selectProject;
    const [firstEmpty] = empty;
    if (fieldsFirst && firstEmpty) {
      setProblem(null);
      setMarkMissing(true);
      create.reset();
      const field = refs[firstEmpty].current;
      field?.focus();
      field?.scrollIntoView({ block: 'center' });
      return;
    }
    setProblem(found);
    if (found) {
      create.reset();
      return;
    }
    create.mutate(
      { input, idempotencyKey: keyFor(input) },
      {
        onSuccess: (feature) => {
          showToast({
            message: `“${feature.title}” is waiting for review: ${EGGS.featureCreationCost} eggs spent.`,
          });
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
            ref={titleRef}
            required
            {...required('title')}
            autoComplete="off"
            // The dialog exists to take this request; starting in its first field saves a Tab.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
          />
          {fieldError('title')}
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
              ref={projectRef}
              required
              {...required('project')}
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
            {fieldError('project')}
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
            ref={descriptionRef}
            required
            {...required('description')}
          />
          {fieldError('description')}
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
