import { type Feature } from '@hatchworks/shared/schemas/features';
import { changeFeatureStatus } from '../../data/feature-moderation';
import { authHandler } from '../../middleware/auth-handler';
import { idempotencyKey } from '../../middleware/idempotency-key';
import { approveFeature as route } from '@hatchworks/shared/contracts/features';

export const handler = authHandler({
  route,
  handler: async ({ event, params, body, user }): Promise<Feature> => {
    const key = idempotencyKey(event);
    const actorId = (await user()).id;
    return changeFeatureStatus(
      params.id,
      'approved',
      body.notes,
      key ? { callerId: actorId, key } : undefined,
      new Date(),
      actorId,
    );
  },
});
