import { TRACKER_MESSAGES, type TrackerFeatureRequest } from '@hatchworks/shared/schemas/tracker';
import {
  createTrackerRequest,
  newTrackerRequest,
} from '../../modules/tracker/tracker-requests-repository';
import { authHandler } from '../../http/auth-handler';
import type { HandlerResult } from '../../http/response';
import { findVoter, limitRate } from './voter';
import { createTrackerRequest as route } from '@hatchworks/shared/contracts/tracker';

export const handler = authHandler({
  route,
  handler: async ({
    body: input,
    event,
    caller,
  }): Promise<HandlerResult<TrackerFeatureRequest>> => {
    const voter = await findVoter(event, caller, true);
    await limitRate('submission', voter, event, TRACKER_MESSAGES.tooManySubmissions);
    // A filled honeypot is a bot: it gets a success that stores nothing, so it learns nothing.
    const request = input.website
      ? newTrackerRequest(input, null)
      : await createTrackerRequest(input, voter.author);
    return {
      kind: 'result',
      status: 201,
      data: { ...request, my_vote: null },
      headers: voter.headers,
    };
  },
});
