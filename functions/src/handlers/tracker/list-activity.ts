import { type ActivityList } from '@hatchworks/shared/schemas/tracker';
import { listActivity } from '../../modules/tracker/tracker-activity-repository';
import { httpHandler } from '../../http/http-handler';
import { page } from '../../http/response';
import { listTrackerActivity as route } from '@hatchworks/shared/contracts/tracker';

export const handler = httpHandler({
  route,
  handler: async ({ query }) => {
    const result = await listActivity({
      projectId: query.project_id,
      limit: query.limit,
      cursor: query.cursor,
    });
    return page<ActivityList>({ activity: result.items }, result.nextCursor);
  },
});
