import type { Project } from '@hatchworks/shared/schemas/projects';

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const WEB_SCHEME = /^https?:/i;

/**
 * A link target from stored data, or undefined when it is empty or uses a scheme other than
 * http(s) (a `javascript:` deployment path must never become a clickable link).
 */
function usableHref(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  if (SCHEME.test(trimmed) && !WEB_SCHEME.test(trimmed)) return undefined;
  return trimmed;
}

/** Where a project lives: its deployment path, else its path, else '#'. */
export function projectHref(project: Pick<Project, 'path' | 'deployment'>): string {
  return usableHref(project.deployment?.deployAs) ?? usableHref(project.path) ?? '#';
}

/** The id of a group's section on Home, the target of the group's navigation button. */
export function groupSectionId(groupKey: string): string {
  return `group-${groupKey}`;
}

/** The repository link, only for absolute http(s) URLs. */
export function repositoryHref(url: string | undefined): string | undefined {
  const href = usableHref(url);
  return href && WEB_SCHEME.test(href) ? href : undefined;
}
