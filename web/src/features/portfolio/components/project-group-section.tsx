import { useId } from 'react';
import type { ProjectGroup } from '@hatchworks/shared/schemas/projects';
import { groupSectionId } from '../utils/project-links';
import { ProjectCard } from './project-card';

/** One group of the portfolio: its heading and a responsive grid of cards. */
export function ProjectGroupSection({
  groupKey,
  group,
}: {
  groupKey: string;
  group: ProjectGroup;
}) {
  const headingId = useId();
  const count = group.projects.length;
  return (
    <section id={groupSectionId(groupKey)} className="project-group" aria-labelledby={headingId}>
      <div className="project-group__heading">
        {/* Focusable by script: the group buttons on Home move focus here. */}
        <h3 id={headingId} tabIndex={-1}>
          {group.name}
        </h3>
        <span className="project-group__count">
          {count} {count === 1 ? 'project' : 'projects'}
        </span>
      </div>
      <div className="project-group__grid">
        {group.projects.map((project) => (
          <ProjectCard key={project.id} project={project} />
        ))}
      </div>
    </section>
  );
}
