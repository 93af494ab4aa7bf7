import { type Feature } from '@hatchworks/shared/schemas/features';
import { changeFeatureStatus } from '../../modules/features/feature-moderation';
import { authHandler } from '../../http/auth-handler';
import { idempotencyKey } from '../../http/idempotency-key';
import { rejectFeature as route } from '@hatchworks/shared/contracts/features';

export const handler = authHandler({
  route,
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
