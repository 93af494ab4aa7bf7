import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRoadmap as route } from '@hatchworks/shared/contracts/roadmap';
import type { Roadmap } from '@hatchworks/shared/schemas/roadmap';
import { api } from '../../../lib/api-client';
import { roadmapKeys } from '../../../lib/api/roadmap-keys';

export const ROADMAP_FALLBACK_MESSAGE = 'Failed to fetch the roadmap';

/** `GET /api/roadmap`: the three columns, optionally of one project. */
export async function getRoadmap(
  projectId: string | undefined,
  signal?: AbortSignal,
): Promise<Roadmap> {
  const envelope = await api(route, {
    query: { project_id: projectId },
    fallbackMessage: ROADMAP_FALLBACK_MESSAGE,
    signal,
  });
  return envelope.data;
}

export const roadmapQueryOptions = (projectId: string | undefined) =>
  queryOptions({
    queryKey: roadmapKeys.board(projectId),
    queryFn: ({ signal }) => getRoadmap(projectId, signal),
  });

export function useRoadmap(projectId: string | undefined) {
  return useQuery(roadmapQueryOptions(projectId));
}
