import type { ProjectList } from '@hatchworks/shared/schemas/projects';
import { listProjects } from '../../modules/projects/projects-repository';
import { httpHandler } from '../../http/http-handler';
import { page } from '../../http/response';
import { listProjects as route } from '@hatchworks/shared/contracts/projects';

export const handler = httpHandler({
  route,
  handler: async ({ query }) => {
    const result = await listProjects(query.limit, query.cursor);
    return page<ProjectList>({ projects: result.items }, result.nextCursor);
  },
});
