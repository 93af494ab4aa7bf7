import type { Project } from '@hatchworks/shared/schemas/projects';
import { useAllProjects } from '../../lib/api/list-projects';

/** The projects under their group names, in the API's order. */
function byGroup(projects: readonly Project[]): [string, Project[]][] {
  const groups = new Map<string, Project[]>();
  for (const project of projects) {
    groups.set(project.group_name, [...(groups.get(project.group_name) ?? []), project]);
  }
  return [...groups.entries()];
}

interface ProjectSelectProps {
  id: string;
  /** The chosen project's id, '' for none; an id the list does not know still gets an option. */
  value: string;
  onChange: (projectId: string) => void;
  /** The empty choice: 'All Projects' in a filter, 'Select a project (optional)' in the form. */
  emptyLabel: string;
}

/**
 * A project select grouped by project group. While the projects load, or when they fail, only the
 * empty choice (and the chosen id) is offered: the project is optional everywhere it is used. The
 * select itself re-renders with the list, so the chosen value is applied once its option exists.
 */
export function ProjectSelect({ id, value, onChange, emptyLabel }: ProjectSelectProps) {
  const projects = useAllProjects();
  const list = projects.data ?? [];
  const known = !value || list.some((project) => project.id === value);

  return (
    <select
      id={id}
      className="input"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-busy={projects.isPending}
    >
      <option value="">{emptyLabel}</option>
      {known ? null : (
        <option value={value}>
          {projects.isPending ? 'Loading projects...' : 'Unknown project'}
        </option>
      )}
      {byGroup(list).map(([group, members]) => (
        <optgroup key={group} label={group}>
          {members.map((project) => (
            <option key={project.id} value={project.id}>
              {project.title}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
