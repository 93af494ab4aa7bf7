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
        {deployment?.type ? (
          <li>
            <Badge tone="outline">
              <span className="visually-hidden">Deployment type: </span>
              {deployment.type}
            </Badge>
          </li>
        ) : null}
        {project.version ? (
          <li>
            <Badge tone="outline">
              <span className="visually-hidden">Version </span>
              {formatVersion(project.version)}
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

      <div className="project-card__footer">
        {packageManager || backendType ? (
          <ul className="project-card__chips" aria-label="Tooling">
            {packageManager ? (
              <li className="chip">
                <span className="chip__key">Package</span> {packageManager}
              </li>
            ) : null}
            {backendType ? (
              <li className="chip">
                <span className="chip__key">Backend</span> {backendType}
              </li>
            ) : null}
          </ul>
        ) : null}
        <a className="project-card__explore" href={href} aria-describedby={titleId}>
          Explore Project →
        </a>
      </div>
    </article>
  );
}
