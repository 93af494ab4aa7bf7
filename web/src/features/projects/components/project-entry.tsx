import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import type { Project } from '@hatchworks/shared/schemas/projects';
import { Badge } from '../../../components/ui/badge';
import { paths } from '../../../config/paths';
import { useUpdateProject } from '../api/update-project';
import { formValuesFromProject, projectInputFromForm } from '../utils/project-form-values';
import { ProjectForm } from './project-form';
import { useToast } from '../../../components/ui/toast';

interface ProjectEntryProps {
  project: Project;
  editing: boolean;
  onEdit: () => void;
  onStopEditing: () => void;
  onDelete: () => void;
}

function FeatureCounts({ project }: { project: Project }) {
  const counts = project.feature_counts;
  if (!counts || counts.total === 0) {
    return (
      <p className="project-entry__counts project-entry__counts--none">No feature requests yet</p>
    );
  }
  return (
    <dl className="project-entry__counts" aria-label="Feature requests">
      <div>
        <dt>Total</dt>
        <dd>{counts.total}</dd>
      </div>
      <div>
        <dt>Open</dt>
        <dd>{counts.open}</dd>
      </div>
      <div>
        <dt>Completed</dt>
        <dd>{counts.completed}</dd>
      </div>
    </dl>
  );
}

/** One project in the admin list: its facts and actions, or its inline edit form. */
export function ProjectEntry({
  project,
  editing,
  onEdit,
  onStopEditing,
  onDelete,
}: ProjectEntryProps) {
  const showToast = useToast();
  const update = useUpdateProject({
    onSuccess: (updated) => {
      showToast({ message: `Project “${updated.title}” updated.` });
      onStopEditing();
    },
  });
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);

  // Leaving the edit form (Update or Cancel) puts the focus back on this project's Edit button.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (editing) {
    return (
      <li className="project-entry project-entry--editing">
        <h4 className="project-entry__title">Edit {project.title}</h4>
        <ProjectForm
          label={`Edit ${project.title}`}
          initialValues={formValuesFromProject(project)}
          projectId={project.id}
          submitLabel="Update"
          pendingLabel="Updating..."
          pending={update.isPending}
          error={update.error}
          fallbackMessage={FALLBACK_MESSAGES.updateProject}
          onSubmit={async (values) => {
            try {
              await update.mutateAsync({
                id: project.id,
                input: projectInputFromForm(values, project),
              });
              return true;
            } catch {
              return false;
            }
          }}
          onCancel={onStopEditing}
          focusTitle
        />
      </li>
    );
  }

  return (
    <li className="project-entry">
      <div className="project-entry__main">
        <h4 className="project-entry__title">{project.title}</h4>
        <p className="project-entry__tags">
          <Badge tone="outline">{project.group_name}</Badge>
          {project.show_on_homepage === false ? (
            <Badge tone="warning">Not on Homepage</Badge>
          ) : null}
        </p>
        {project.description ? (
          <p className="project-entry__description">{project.description}</p>
        ) : null}
        <FeatureCounts project={project} />
      </div>
      <div className="project-entry__actions">
        <Link
          to={`${paths.featureRequests.path}?project=${encodeURIComponent(project.id)}`}
          className="project-entry__link"
        >
          View Features →
        </Link>
        <button
          ref={editButton}
          type="button"
          className="button button--secondary button--sm"
          onClick={onEdit}
          aria-label={`Edit ${project.title}`}
        >
          Edit
        </button>
        <button
          type="button"
          className="button button--danger-outline button--sm"
          onClick={onDelete}
          aria-label={`Delete ${project.title}`}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
