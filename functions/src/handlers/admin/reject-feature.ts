import {
  FeatureIdParamsSchema,
  ModerationInputSchema,
  type Feature,
} from '@hatchworks/shared/schemas/features';
import { changeFeatureStatus } from '../../data/feature-moderation';
import { authHandler } from '../../middleware/auth-handler';

export const handler = authHandler({
  params: FeatureIdParamsSchema,
  body: ModerationInputSchema,
  handler: async ({ params, body }): Promise<Feature> =>
    changeFeatureStatus(params.id, 'rejected', body.notes),
});
