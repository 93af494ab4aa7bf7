import { useId, useState } from 'react';
import { useDisclosure } from '../../../lib/use-disclosure';
import type { Project } from '@hatchworks/shared/schemas/projects';
import { selectionSummary, type ProjectSelection } from '../utils/dashboard-selection';
import './project-picker.css';
import { CheckIcon, ChevronDownIcon } from '../../../components/ui/icons';

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

/** The picker's element id: the 'Total Projects' tile points at the list of projects in it. */
export const PROJECT_PICKER_ID = 'tracker-projects';

/**
 * 'Select a project': 'All Projects' plus one toggle button per project. Each button says
 * whether it is on with `aria-pressed` and a check mark, not by colour alone. On narrow screens
 * the toggles fold behind a disclosure button (`aria-expanded`) that shows the selection in one
 * line ('All projects', 'Eggshell Chronicles +2'), so the dashboard's content starts on the first
 * screen; on wider ones the disclosure is hidden and the toggles always show.
 */
export function ProjectPicker({ projects, selection, onToggle, onSelectAll }: ProjectPickerProps) {
  const headingId = useId();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const { buttonRef: disclosure, onPanelKeyDown: onKeyDown } = useDisclosure({
    open,
    close: () => setOpen(false),
  });
  const all = selection.length === 0;
  const summary = selectionSummary(selection, projects);

  return (
    <section id={PROJECT_PICKER_ID} className="project-picker card" aria-labelledby={headingId}>
      <h2 id={headingId} className="project-picker__title">
        Select a project
      </h2>
      <button
        ref={disclosure}
        type="button"
        className="project-picker__disclosure"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <span className="visually-hidden">Projects shown: </span>
        <span className="project-picker__summary">{summary}</span>
        <ChevronDownIcon className="project-picker__chevron" />
      </button>
      <div
        id={panelId}
        className="project-picker__buttons"
        role="group"
        aria-labelledby={headingId}
        data-open={open}
      >
        <button
          type="button"
          className="project-picker__button project-picker__button--all"
          aria-pressed={all}
          onClick={onSelectAll}
          onKeyDown={onKeyDown}
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
              onKeyDown={onKeyDown}
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
