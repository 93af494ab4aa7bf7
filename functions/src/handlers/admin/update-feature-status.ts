import {
  FeatureIdParamsSchema,
  StatusChangeInputSchema,
  type Feature,
} from '@hatchworks/shared/schemas/features';
import { changeFeatureStatus } from '../../data/feature-moderation';
import { authHandler } from '../../middleware/auth-handler';
import { idempotencyKey } from '../../middleware/idempotency-key';

export const handler = authHandler({
  params: FeatureIdParamsSchema,
  body: StatusChangeInputSchema,
  handler: async ({ event, params, body, user }): Promise<Feature> => {
    const key = idempotencyKey(event);
    const actorId = (await user()).id;
    return changeFeatureStatus(
      params.id,
      body.status,
      body.approval_notes,
      key ? { callerId: actorId, key } : undefined,
      new Date(),
      actorId,
    );
  },
});
