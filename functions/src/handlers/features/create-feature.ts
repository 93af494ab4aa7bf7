import type { Feature } from '@hatchworks/shared/schemas/features';
import { createFeature } from '../../data/features-repository';
import { ForbiddenError } from '../../lib/errors';
import { authHandler } from '../../middleware/auth-handler';
import { idempotencyKey } from '../../middleware/idempotency-key';
import { created } from '../../middleware/response';
import { createFeature as route } from '@hatchworks/shared/contracts/features';

export const handler = authHandler({
  route,
  handler: async ({ event, body: input, user }) => {
    const caller = await user();
    if (input.user_id !== undefined && input.user_id !== caller.id) throw new ForbiddenError();
    return created<Feature>(await createFeature(caller.id, input, idempotencyKey(event)));
  },
});
