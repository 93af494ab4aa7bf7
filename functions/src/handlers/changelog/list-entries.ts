import { ChangelogListQuerySchema, type ChangelogList } from '@hatchworks/shared/schemas/changelog';
import { listChangelogEntries } from '../../data/changelog-repository';
import { httpHandler } from '../../middleware/http-handler';
import { page } from '../../middleware/response';

export const handler = httpHandler({
  query: ChangelogListQuerySchema,
  handler: async ({ query }) => {
    const result = await listChangelogEntries({
      projectId: query.project_id,
      limit: query.limit,
      cursor: query.cursor,
    });
    return page<ChangelogList>({ entries: result.items }, result.nextCursor);
  },
});
