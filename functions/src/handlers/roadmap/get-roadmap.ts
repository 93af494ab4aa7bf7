import { RoadmapQuerySchema, type Roadmap } from '@hatchworks/shared/schemas/roadmap';
import { readRoadmap } from '../../data/roadmap-repository';
import { httpHandler } from '../../middleware/http-handler';

/** `GET /api/roadmap` (public): three bounded Queries and one BatchGetItem. */
export const handler = httpHandler({
  query: RoadmapQuerySchema,
  handler: async ({ query }): Promise<Roadmap> => readRoadmap(query.project_id),
});
