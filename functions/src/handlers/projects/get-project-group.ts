import { groupKey } from '@hatchworks/shared/schemas/projects';
import { listProjectsByGroup } from '../../modules/projects/projects-repository';
import { NotFoundError } from '../../lib/errors';
import { httpHandler } from '../../http/http-handler';
import { page } from '../../http/response';
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
