import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS } from '@hatchworks/shared/constants';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { listProjects } from '@hatchworks/shared/contracts/projects';
import type { Project } from '@hatchworks/shared/schemas/projects';
import { api } from '../api-client';
import { PROJECT_QUERY_TIMING } from '../query-client';

/** A runaway cursor (a server bug) must not loop for ever: 100 pages of 100 is far beyond need. */
const MAX_PAGES = 100;

/** `GET /api/projects`, every page: follows `next_cursor` until the list ends. */
export async function listAllProjects(signal?: AbortSignal): Promise<Project[]> {
  const projects: Project[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const envelope = await api(listProjects, {
      query: { limit: LIMITS.maxPageSize, cursor },
      fallbackMessage: FALLBACK_MESSAGES.fetchProjects,
      signal,
    });
    projects.push(...envelope.data.projects);
    if (!envelope.next_cursor) break;
    cursor = envelope.next_cursor;
  }
  return projects;
}

/** Under 'projects', so any project change refreshes it with the homepage data. */
export const listAllProjectsQueryOptions = () =>
  queryOptions({
    queryKey: ['projects', 'all'],
    queryFn: ({ signal }) => listAllProjects(signal),
    ...PROJECT_QUERY_TIMING,
  });

export function useAllProjects(options: { enabled?: boolean } = {}) {
  return useQuery({ ...listAllProjectsQueryOptions(), enabled: options.enabled ?? true });
}
