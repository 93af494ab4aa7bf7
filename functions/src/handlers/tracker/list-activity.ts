import { type ActivityList } from '@hatchworks/shared/schemas/tracker';
import { listActivity } from '../../data/tracker-activity-repository';
import { httpHandler } from '../../middleware/http-handler';
import { page } from '../../middleware/response';
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
