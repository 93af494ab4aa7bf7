import * as z from '@hatchworks/shared/zod';
import { VoteInputSchema, type VoteResult } from '@hatchworks/shared/schemas/features';
import { castVote } from '../../data/votes-repository';
import { ForbiddenError } from '../../lib/errors';
import { authHandler } from '../../middleware/auth-handler';
import { idempotencyKey } from '../../middleware/idempotency-key';
import { parseWithMessage } from '../../middleware/parse-with-message';

export const handler = authHandler({
  // Parsed below so that 'Invalid egg amount' is the error message.
  body: z.unknown(),
  handler: async ({ event, body, user }): Promise<VoteResult> => {
    const caller = await user();
    const input = parseWithMessage(VoteInputSchema, body);
    if (input.user_id !== undefined && input.user_id !== caller.id) throw new ForbiddenError();
    return castVote(caller.id, input.feature_id, input.eggs_allocated, {
      idempotencyKey: idempotencyKey(event),
      voter: caller,
    });
  },
});
