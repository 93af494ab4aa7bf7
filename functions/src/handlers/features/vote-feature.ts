import type { VoteResult } from '@hatchworks/shared/schemas/features';
import { castVote } from '../../modules/features/votes-repository';
import { ForbiddenError } from '../../lib/errors';
import { authHandler } from '../../http/auth-handler';
import { idempotencyKey } from '../../http/idempotency-key';
import { voteFeature as route } from '@hatchworks/shared/contracts/features';

export const handler = authHandler({
  route,
  handler: async ({ event, body: input, user }): Promise<VoteResult> => {
    const caller = await user();
    if (input.user_id !== undefined && input.user_id !== caller.id) throw new ForbiddenError();
    return castVote(caller.id, input.feature_id, input.eggs_allocated, {
      idempotencyKey: idempotencyKey(event),
      voter: caller,
    });
  },
});
