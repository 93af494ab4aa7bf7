import {
  TrackerFeatureRequestListQuerySchema,
  type TrackerFeatureRequestList,
} from '@hatchworks/shared/schemas/tracker';
import { listTrackerRequests } from '../../data/tracker-requests-repository';
import { votesOf } from '../../data/tracker-votes-repository';
import { authHandler } from '../../middleware/auth-handler';
import { page } from '../../middleware/response';
import { findVoter } from './voter';

export const handler = authHandler({
  query: TrackerFeatureRequestListQuerySchema,
  handler: async ({ query, event, caller }) => {
    const [result, voter] = await Promise.all([
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
      findVoter(event, caller, false),
    ]);
    const mine = voter
      ? await votesOf(
          voter.id,
          'feature_request',
          result.items.map((item) => item.id),
        )
      : new Map();
    return page<TrackerFeatureRequestList>(
      {
        feature_requests: result.items.map((item) => ({
          ...item,
          my_vote: mine.get(item.id) ?? null,
        })),
      },
      result.nextCursor,
    );
  },
});
