import type { MergeResult } from '@hatchworks/shared/schemas/merge';
import { unmergeFeature } from '../../modules/votable/feature-kind';
import { authHandler } from '../../http/auth-handler';
import type { HandlerResult } from '../../http/response';
import { unmergeFeature as route } from '@hatchworks/shared/contracts/features';

/**
 * `POST /api/admin/features/{id}/unmerge`: undoes the merge of request `{id}` within
 * 30 days, or resumes undoing it. 200 when it is done, 202 when steps remain (POST again).
 */
export const handler = authHandler({
  route,
  handler: async ({ params, user }): Promise<HandlerResult<MergeResult>> => {
    const admin = await user();
    const run = await unmergeFeature(params.id, admin.id);
    return { kind: 'result', status: run.done ? 200 : 202, data: { merge: run.status } };
  },
});
