import { type TrackerFeatureRequest } from '@hatchworks/shared/schemas/tracker';
import {
  toTrackerRequest,
  trackerRequestTarget,
} from '../../modules/tracker/tracker-requests-repository';
import { getRecord } from '../../modules/tracker/tracker-views';
import { NotFoundError } from '../../lib/errors';
import { authHandler } from '../../http/auth-handler';
import type { HandlerResult } from '../../http/response';
import { withMyVotes } from './my-votes';
import { getTrackerRequest as route } from '@hatchworks/shared/contracts/tracker';

/** `GET /api/tracker/feature-requests/{id}`: one request with the reader's vote (its own page). */
export const handler = authHandler({
  route,
  handler: async ({ params, event, caller }): Promise<HandlerResult<TrackerFeatureRequest>> => {
    const found = await getRecord(trackerRequestTarget, params.id);
    if (!found) throw new NotFoundError();
    const request = toTrackerRequest(found as unknown as Record<string, unknown>);
    const result = await withMyVotes(
      event,
      caller,
      'feature_request',
      Promise.resolve({ items: [request], nextCursor: null }),
    );
    const [item] = result.items;
    if (!item) throw new NotFoundError();
    return { kind: 'result', status: 200, data: item, headers: result.headers };
  },
});
