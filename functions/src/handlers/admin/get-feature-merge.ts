import { FeatureIdParamsSchema } from '@hatchworks/shared/schemas/features';
import type { MergeResult } from '@hatchworks/shared/schemas/merge';
import { readMergeStatus } from '../../modules/votable/feature-kind';
import { authHandler } from '../../middleware/auth-handler';

/** `GET /api/admin/features/{id}/merge`: where the merge of request `{id}` stands. */
export const handler = authHandler({
  params: FeatureIdParamsSchema,
  handler: async ({ params }): Promise<MergeResult> => ({
    merge: await readMergeStatus(params.id),
  }),
});
