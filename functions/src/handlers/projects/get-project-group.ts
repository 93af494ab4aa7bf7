import { groupKey } from '@hatchworks/shared/schemas/projects';
import { listProjectsByGroup } from '../../data/projects-repository';
import { NotFoundError } from '../../lib/errors';
import { httpHandler } from '../../middleware/http-handler';
import { page } from '../../middleware/response';
import { getProjectGroup as route } from '@hatchworks/shared/contracts/projects';

export const handler = httpHandler({
  route,
  handler: async ({ params, query }) => {
    const key = groupKey(params.key);
    const result = await listProjectsByGroup(key, query.limit, query.cursor);
    const first = result.items[0];
    if (!first && !query.cursor) throw new NotFoundError();
    return page({ key, name: first?.group_name ?? key, projects: result.items }, result.nextCursor);
  },
});
