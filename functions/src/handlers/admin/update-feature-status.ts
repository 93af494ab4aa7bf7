import {
  FeatureIdParamsSchema,
  StatusChangeInputSchema,
  type Feature,
} from '@hatchworks/shared/schemas/features';
import { changeFeatureStatus } from '../../data/feature-moderation';
import { authHandler } from '../../middleware/auth-handler';

export const handler = authHandler({
  params: FeatureIdParamsSchema,
  body: StatusChangeInputSchema,
  handler: async ({ params, body }): Promise<Feature> =>
    changeFeatureStatus(params.id, body.status, body.approval_notes),
});
