import * as z from '@hatchworks/shared/zod';
import {
  TRACKER_MESSAGES,
  TrackerVoteInputSchema,
  type TrackerVoteResult,
} from '@hatchworks/shared/schemas/tracker';
import { trackerRequestTarget } from '../../data/tracker-requests-repository';
import { trackerSuggestionTarget } from '../../data/tracker-suggestions-repository';
import { castVote } from '../../data/tracker-votes-repository';
import { authHandler } from '../../middleware/auth-handler';
import { parseWithMessage } from '../../middleware/parse-with-message';
import type { HandlerResult } from '../../middleware/response';
import { limitRate, requireVoter } from './voter';

export const handler = authHandler({
  body: z.unknown(),
  handler: async ({ body, event, caller }): Promise<HandlerResult<TrackerVoteResult>> => {
    const input = parseWithMessage(TrackerVoteInputSchema, body);
    const voter = await requireVoter(event, caller);
    await limitRate('vote', voter, event, TRACKER_MESSAGES.tooManyVotes);
    const vote = {
      voterId: voter.id,
      targetId: input.target_id,
      direction: input.direction,
      network: voter.network,
    };
    const outcome =
      input.target_type === 'feature_request'
        ? await castVote(trackerRequestTarget, vote)
        : await castVote(trackerSuggestionTarget, vote);
    return {
      kind: 'result',
      status: 200,
      data: {
        target_type: input.target_type,
        target_id: input.target_id,
        votes: outcome.votes,
        my_vote: outcome.myVote,
      },
    };
  },
});
