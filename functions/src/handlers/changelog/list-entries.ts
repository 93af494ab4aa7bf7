import { type ChangelogList } from '@hatchworks/shared/schemas/changelog';
import { listChangelogEntries } from '../../modules/publishing/changelog-repository';
import { httpHandler } from '../../http/http-handler';
import { page } from '../../http/response';
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
