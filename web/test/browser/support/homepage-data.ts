import type { Homepage } from '@hatchworks/shared/schemas/projects';
import { siteUrl } from './browser';

/** What the stack's `GET /api/projects/homepage` answers: the truth the Home page must show. */
export async function fetchHomepageData(): Promise<Homepage> {
  const response = await fetch(siteUrl('/api/projects/homepage'));
  const body = (await response.json()) as { success: boolean; data: Homepage };
  if (!response.ok || !body.success) throw new Error(`homepage API answered ${response.status}`);
  return body.data;
}

/** The same link rule the page follows: deployment path, else path, else '#'. */
export function expectedHref(project: Homepage['groups'][string]['projects'][number]): string {
  return project.deployment?.deployAs || project.path || '#';
}
