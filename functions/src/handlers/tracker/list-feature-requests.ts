import {
  TrackerFeatureRequestListQuerySchema,
  type TrackerFeatureRequestList,
} from '@hatchworks/shared/schemas/tracker';
import { listTrackerRequests } from '../../data/tracker-requests-repository';
import { authHandler } from '../../middleware/auth-handler';
import { page } from '../../middleware/response';
import { withMyVotes } from './my-votes';

export const handler = authHandler({
  query: TrackerFeatureRequestListQuerySchema,
  handler: async ({ query, event, caller }) => {
    const result = await withMyVotes(
      event,
      caller,
      'feature_request',
      listTrackerRequests(
        {
          status: query.status,
          priority: query.priority,
          category: query.category,
          projectId: query.project_id,
        },
        query.sort_by,
        query.sort_direction === 'desc',
        query.limit,
        query.cursor,
      ),
    );
    return {
      ...page<TrackerFeatureRequestList>({ feature_requests: result.items }, result.nextCursor),
      headers: result.headers,
    };
  },
});
