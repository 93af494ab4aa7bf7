import { TRACKER_MESSAGES, type TrackerVoteResult } from '@hatchworks/shared/schemas/tracker';
import { trackerRequestTarget } from '../../modules/tracker/tracker-requests-repository';
import { trackerSuggestionTarget } from '../../modules/tracker/tracker-suggestions-repository';
import { castVote } from '../../modules/tracker/tracker-votes-repository';
import { authHandler } from '../../http/auth-handler';
import type { HandlerResult } from '../../http/response';
import { limitRate, requireVoter } from './voter';
import { trackerVote as route } from '@hatchworks/shared/contracts/tracker';

export const handler = authHandler({
  route,
  handler: async ({ body: input, event, caller }): Promise<HandlerResult<TrackerVoteResult>> => {
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
