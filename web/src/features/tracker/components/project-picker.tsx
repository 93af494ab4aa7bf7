import { useId } from 'react';
import type { Project } from '@hatchworks/shared/schemas/projects';
import type { ProjectSelection } from '../utils/dashboard-selection';
import './project-picker.css';
import { CheckIcon } from '../../../components/ui/icons';

interface ProjectPickerProps {
  projects: readonly Project[];
  selection: ProjectSelection;
  onToggle: (projectId: string) => void;
  onSelectAll: () => void;
}

function CheckMark({ shown }: { shown: boolean }) {
  return (
    <span className="project-picker__check" aria-hidden="true">
      {shown ? <CheckIcon /> : null}
    </span>
  );
}

/**
 * Spec 2's 'Select a project': 'All Projects' plus one toggle button per project. Each button says
 * whether it is on with `aria-pressed` and a check mark, not by colour alone.
 */
export function ProjectPicker({ projects, selection, onToggle, onSelectAll }: ProjectPickerProps) {
  const headingId = useId();
  const all = selection.length === 0;

  return (
    <section className="project-picker card" aria-labelledby={headingId}>
      <h2 id={headingId} className="project-picker__title">
        Select a project
      </h2>
      <div className="project-picker__buttons" role="group" aria-labelledby={headingId}>
        <button
          type="button"
          className="project-picker__button project-picker__button--all"
          aria-pressed={all}
          onClick={onSelectAll}
        >
          <CheckMark shown={all} />
          All Projects
        </button>
        {projects.map((project) => {
          const selected = selection.includes(project.id);
          return (
            <button
              key={project.id}
              type="button"
              className="project-picker__button"
              aria-pressed={selected}
              title={project.group_name}
              onClick={() => onToggle(project.id)}
            >
              <CheckMark shown={selected} />
              {project.title}
            </button>
          );
        })}
      </div>
    </section>
  );
}
