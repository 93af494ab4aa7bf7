import * as z from '@hatchworks/shared/zod';
import { CreateFeatureInputSchema, type Feature } from '@hatchworks/shared/schemas/features';
import { createFeature } from '../../data/features-repository';
import { ForbiddenError } from '../../lib/errors';
import { authHandler } from '../../middleware/auth-handler';
import { idempotencyKey } from '../../middleware/idempotency-key';
import { parseWithMessage } from '../../middleware/parse-with-message';
import { created } from '../../middleware/response';

export const handler = authHandler({
  // Parsed below so that the body rules' own messages become the error message.
  body: z.unknown(),
  handler: async ({ event, body, user }) => {
    const caller = await user();
    const input = parseWithMessage(CreateFeatureInputSchema, body);
    if (input.user_id !== undefined && input.user_id !== caller.id) throw new ForbiddenError();
    return created<Feature>(await createFeature(caller.id, input, idempotencyKey(event)));
  },
});
