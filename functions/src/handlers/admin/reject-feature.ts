import {
  FeatureIdParamsSchema,
  ModerationInputSchema,
  type Feature,
} from '@hatchworks/shared/schemas/features';
import { changeFeatureStatus } from '../../data/feature-moderation';
import { authHandler } from '../../middleware/auth-handler';
import { idempotencyKey } from '../../middleware/idempotency-key';

export const handler = authHandler({
  params: FeatureIdParamsSchema,
  body: ModerationInputSchema,
  handler: async ({ event, params, body, user }): Promise<Feature> => {
    const key = idempotencyKey(event);
    const actorId = (await user()).id;
    return changeFeatureStatus(
      params.id,
      'rejected',
      body.notes,
      key ? { callerId: actorId, key } : undefined,
      new Date(),
      actorId,
    );
  },
});
