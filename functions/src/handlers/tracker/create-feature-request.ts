import * as z from '@hatchworks/shared/zod';
import {
  TRACKER_MESSAGES,
  TrackerFeatureRequestInputSchema,
  type TrackerFeatureRequest,
} from '@hatchworks/shared/schemas/tracker';
import { createTrackerRequest, newTrackerRequest } from '../../data/tracker-requests-repository';
import { authHandler } from '../../middleware/auth-handler';
import { parseWithMessage } from '../../middleware/parse-with-message';
import type { HandlerResult } from '../../middleware/response';
import { findVoter, limitRate } from './voter';

export const handler = authHandler({
  // Parsed below so that the body rules' own messages become the error message.
  body: z.unknown(),
  handler: async ({ body, event, caller }): Promise<HandlerResult<TrackerFeatureRequest>> => {
    const input = parseWithMessage(TrackerFeatureRequestInputSchema, body);
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
