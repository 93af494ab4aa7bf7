import { PageQuerySchema } from '@hatchworks/shared/schemas/envelope';
import type { ProjectList } from '@hatchworks/shared/schemas/projects';
import { listProjects } from '../../data/projects-repository';
import { httpHandler } from '../../middleware/http-handler';
import { page } from '../../middleware/response';

export const handler = httpHandler({
  query: PageQuerySchema,
  handler: async ({ query }) => {
    const result = await listProjects(query.limit, query.cursor);
    return page<ProjectList>({ projects: result.items }, result.nextCursor);
  },
});
