import { useId } from 'react';
import type { Project } from '@hatchworks/shared/schemas/projects';
import { Badge } from '../../../components/ui/badge';
import { formatVersion } from '../../../lib/format';
import { stageBadge, statusBadge } from '../utils/badge-styles';
import { projectHref, repositoryHref } from '../utils/project-links';
import { GitHubIcon } from './github-icon';
import './project-card.css';

/** One project card of the homepage portfolio. */
export function ProjectCard({ project }: { project: Project }) {
  const titleId = useId();
  const href = projectHref(project);
  const repository = repositoryHref(project.repository?.url);
  const { deployment } = project;
  const status = project.status ? statusBadge(project.status) : undefined;
  const stage = project.stage ? stageBadge(project.stage) : undefined;
  const packageManager = deployment?.packageManager?.trim();
  const backendType = deployment?.backend?.type?.trim();
  // Pills are kept to status, stage and 'Build Required'; the rest of the card's facts read as
  // one line of plain text, so a card stays scannable on a phone.
  const details = [
    { label: 'Deployment type', value: deployment?.type?.trim() },
    { label: 'Version', value: project.version ? formatVersion(project.version) : undefined },
    { label: 'Package manager', value: packageManager },
    { label: 'Backend', value: backendType ? `${backendType} backend` : undefined },
  ].filter((detail): detail is { label: string; value: string } => Boolean(detail.value));

  return (
    <article className="project-card" aria-labelledby={titleId}>
      <div className="project-card__top">
        <h4 id={titleId} className="project-card__title">
          <a href={href}>{project.title}</a>
        </h4>
        {repository ? (
          <a
            className="project-card__repo"
            href={repository}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${project.title} on GitHub (opens in a new tab)`}
          >
            <GitHubIcon />
            <span aria-hidden="true">GitHub</span>
          </a>
        ) : null}
      </div>

      <ul className="project-card__badges" aria-label="Status and deployment">
        {status ? (
          <li>
            <Badge tone={status.tone}>
              <span className="visually-hidden">Status: </span>
              {status.label}
            </Badge>
          </li>
        ) : null}
        {stage ? (
          <li>
            <Badge tone={stage.tone}>
              <span className="visually-hidden">Stage: </span>
              {stage.label}
            </Badge>
          </li>
        ) : null}
        {deployment?.requiresBuild ? (
          <li>
            <Badge tone="build">Build Required</Badge>
          </li>
        ) : null}
      </ul>

      {project.description ? (
        <p className="project-card__description">{project.description}</p>
      ) : null}

      {details.length > 0 ? (
        <ul className="project-card__details" aria-label="Deployment details">
          {details.map(({ label, value }) => (
            <li key={label}>
              <span className="visually-hidden">{label}: </span>
              {value}
            </li>
          ))}
        </ul>
      ) : null}

      <div className="project-card__footer">
        <a className="project-card__explore" href={href} aria-describedby={titleId}>
          Explore Project →
        </a>
      </div>
    </article>
  );
}
