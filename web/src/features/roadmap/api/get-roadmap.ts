import { queryOptions, useQuery } from '@tanstack/react-query';
import { successEnvelope } from '@hatchworks/shared/schemas/envelope';
import { RoadmapSchema, type Roadmap } from '@hatchworks/shared/schemas/roadmap';
import { apiRequest } from '../../../lib/api-client';
import { roadmapKeys } from '../../../lib/api/roadmap-keys';

const RoadmapEnvelopeSchema = successEnvelope(RoadmapSchema);

export const ROADMAP_FALLBACK_MESSAGE = 'Failed to fetch the roadmap';

/** `GET /api/roadmap`: the three columns, optionally of one project. */
export async function getRoadmap(
  projectId: string | undefined,
  signal?: AbortSignal,
): Promise<Roadmap> {
  const envelope = await apiRequest('/roadmap', {
    query: { project_id: projectId },
    schema: RoadmapEnvelopeSchema,
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
