import { ActivityListQuerySchema, type ActivityList } from '@hatchworks/shared/schemas/tracker';
import { listActivity } from '../../data/tracker-activity-repository';
import { httpHandler } from '../../middleware/http-handler';
import { page } from '../../middleware/response';

export const handler = httpHandler({
  query: ActivityListQuerySchema,
  handler: async ({ query }) => {
    const result = await listActivity({
      projectId: query.project_id,
      limit: query.limit,
      cursor: query.cursor,
    });
    return page<ActivityList>({ activity: result.items }, result.nextCursor);
  },
});
