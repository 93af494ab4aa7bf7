import { type Roadmap } from '@hatchworks/shared/schemas/roadmap';
import { readRoadmap } from '../../modules/publishing/roadmap-repository';
import { httpHandler } from '../../http/http-handler';
import { getRoadmap as route } from '@hatchworks/shared/contracts/roadmap';

/** `GET /api/roadmap` (public): three bounded Queries and one BatchGetItem. */
export const handler = httpHandler({
  route,
  handler: async ({ query }): Promise<Roadmap> => readRoadmap(query.project_id),
});
