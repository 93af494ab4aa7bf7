import { queryOptions, useQuery } from '@tanstack/react-query';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { getHomepageProjects as route } from '@hatchworks/shared/contracts/projects';
import type { Homepage } from '@hatchworks/shared/schemas/projects';
import { api } from '../../../lib/api-client';
import { PROJECT_QUERY_TIMING } from '../../../lib/query-client';

/** `GET /api/projects/homepage`: the projects shown on Home, grouped, plus the build tools. */
export async function getHomepageProjects(signal?: AbortSignal): Promise<Homepage> {
  const envelope = await api(route, {
    fallbackMessage: FALLBACK_MESSAGES.fetchHomepageProjects,
    signal,
  });
  return envelope.data;
}

/** Every project query key starts with 'projects', so project changes invalidate them all. */
export const getHomepageProjectsQueryOptions = () =>
  queryOptions({
    queryKey: ['projects', 'homepage'],
    queryFn: ({ signal }) => getHomepageProjects(signal),
    ...PROJECT_QUERY_TIMING,
  });

export function useHomepageProjects() {
  return useQuery(getHomepageProjectsQueryOptions());
}
