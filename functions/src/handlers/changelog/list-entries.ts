import { type ChangelogList } from '@hatchworks/shared/schemas/changelog';
import { listChangelogEntries } from '../../data/changelog-repository';
import { httpHandler } from '../../middleware/http-handler';
import { page } from '../../middleware/response';
import { listChangelog as route } from '@hatchworks/shared/contracts/changelog';

export const handler = httpHandler({
  route,
  handler: async ({ query }) => {
    const result = await listChangelogEntries({
      projectId: query.project_id,
      limit: query.limit,
      cursor: query.cursor,
    });
    return page<ChangelogList>({ entries: result.items }, result.nextCursor);
  },
});
