import type { Project } from '@hatchworks/shared/schemas/projects';

export interface ProjectGroupEntry {
  readonly name: string;
  readonly projects: readonly Project[];
}

/**
 * Projects grouped by group name, groups sorted alphabetically (case
 * does not split or reorder them), projects by title within a group.
 */
export function groupProjects(projects: readonly Project[]): ProjectGroupEntry[] {
  const groups = new Map<string, Project[]>();
  for (const project of projects) {
    const name = project.group_name.trim() || 'other';
    const list = groups.get(name);
    if (list) list.push(project);
    else groups.set(name, [project]);
  }
  const byText = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
  return [...groups.entries()]
    .sort(([a], [b]) => byText(a, b) || a.localeCompare(b))
    .map(([name, list]) => ({
      name,
      projects: [...list].sort((a, b) => byText(a.title, b.title)),
    }));
}
