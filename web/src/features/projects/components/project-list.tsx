import { useState } from 'react';
import type { Project } from '@hatchworks/shared/schemas/projects';
import { LoadingState } from '../../../components/ui/spinner';
import { useAllProjects } from '../../../lib/api/list-projects';
import { groupProjects } from '../utils/group-projects';
import { DeleteProjectDialog } from './delete-project-dialog';
import { ProjectEntry } from './project-entry';

/** 'Existing Projects (count)', grouped alphabetically, one project in edit mode at a time. */
export function ProjectList() {
  const { data, error, isPending, refetch, isFetching } = useAllProjects();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);

  if (isPending) {
    return (
      <section className="project-list" aria-labelledby="existing-projects-title">
        <h2 id="existing-projects-title">Existing Projects</h2>
        <LoadingState label="Loading projects..." />
      </section>
    );
  }
  if (error) {
    return (
      <section className="project-list" aria-labelledby="existing-projects-title">
        <h2 id="existing-projects-title">Existing Projects</h2>
        <div className="form-error" role="alert">
          <p>Error: {error.message || 'Failed to fetch projects'}</p>
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => void refetch()}
            disabled={isFetching}
          >
            Try Again
          </button>
        </div>
      </section>
    );
  }

  const groups = groupProjects(data);
  return (
    <section className="project-list" aria-labelledby="existing-projects-title">
      <h2 id="existing-projects-title">Existing Projects ({data.length})</h2>
      {groups.length === 0 ? (
        <p className="project-list__empty">No projects yet. Create the first one above.</p>
      ) : null}
      {groups.map((group) => (
        <section key={group.name} className="project-group" aria-label={`${group.name} group`}>
          <h3 className="project-group__title">
            {group.name} <span className="project-group__count">({group.projects.length})</span>
          </h3>
          <ul className="project-group__list">
            {group.projects.map((project) => (
              <ProjectEntry
                key={project.id}
                project={project}
                editing={editingId === project.id}
                onEdit={() => setEditingId(project.id)}
                onStopEditing={() => setEditingId(null)}
                onDelete={() => setDeleting(project)}
              />
            ))}
          </ul>
        </section>
      ))}
      {deleting ? (
        <DeleteProjectDialog project={deleting} onClose={() => setDeleting(null)} />
      ) : null}
    </section>
  );
}
