import { type TrackerFeatureRequestList } from '@hatchworks/shared/schemas/tracker';
import { listTrackerRequests } from '../../modules/tracker/tracker-requests-repository';
import { authHandler } from '../../http/auth-handler';
import { page } from '../../http/response';
import { searchTrackerRequests } from '../../modules/search/search-lists';
import { withMyVotes } from './my-votes';
import { listTrackerRequests as route } from '@hatchworks/shared/contracts/tracker';

export const handler = authHandler({
  route,
  handler: async ({ query, event, caller }) => {
    const filters = {
      status: query.status,
      priority: query.priority,
      category: query.category,
      projectId: query.project_id,
    };
    // With `q`, ranked by relevance from the search index (the sort is ignored).
    const search = query.q
      ? searchTrackerRequests(filters, query.q, query.limit, query.cursor)
      : undefined;
    const result = await withMyVotes(
      event,
      caller,
      'feature_request',
      search ??
        listTrackerRequests(
          filters,
          query.sort_by,
          query.sort_direction === 'desc',
          query.limit,
          query.cursor,
        ),
    );
    const match = (await search)?.match;
    return {
      ...page<TrackerFeatureRequestList>(
        { feature_requests: result.items, ...(match ? { match } : {}) },
        result.nextCursor,
      ),
      headers: result.headers,
    };
  },
});
