import type { MergeResult } from '@hatchworks/shared/schemas/merge';
import { readMergeStatus } from '../../data/feature-merge';
import { authHandler } from '../../middleware/auth-handler';
import { getFeatureMerge as route } from '@hatchworks/shared/contracts/features';

/** `GET /api/admin/features/{id}/merge` (issue 13): where the merge of request `{id}` stands. */
export const handler = authHandler({
  route,
  handler: async ({ params }): Promise<MergeResult> => ({
    merge: await readMergeStatus(params.id),
  }),
});
