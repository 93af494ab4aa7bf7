import type { MergeResult } from '@hatchworks/shared/schemas/merge';
import { readMergeStatus } from '../../modules/votable/feature-kind';
import { authHandler } from '../../http/auth-handler';
import { getFeatureMerge as route } from '@hatchworks/shared/contracts/features';

/** `GET /api/admin/features/{id}/merge`: where the merge of request `{id}` stands. */
export const handler = authHandler({
  route,
  handler: async ({ params }): Promise<MergeResult> => ({
    merge: await readMergeStatus(params.id),
  }),
});
