import type { Feature } from '@hatchworks/shared/schemas/features';
import { createFeature } from '../../modules/features/features-repository';
import { ForbiddenError } from '../../lib/errors';
import { authHandler } from '../../http/auth-handler';
import { idempotencyKey } from '../../http/idempotency-key';
import { created } from '../../http/response';
import { createFeature as route } from '@hatchworks/shared/contracts/features';

export const handler = authHandler({
  route,
  handler: async ({ event, body: input, user }) => {
    const caller = await user();
    if (input.user_id !== undefined && input.user_id !== caller.id) throw new ForbiddenError();
    return created<Feature>(await createFeature(caller.id, input, idempotencyKey(event)));
  },
});
