import type { MergeResult } from '@hatchworks/shared/schemas/merge';
import { mergeFeature } from '../../modules/votable/feature-kind';
import { authHandler } from '../../http/auth-handler';
import type { HandlerResult } from '../../http/response';
import { mergeFeature as route } from '@hatchworks/shared/contracts/features';

/**
 * `POST /api/admin/features/{id}/merge`: merges request `{id}` into `into_id`, or
 * resumes that merge. 200 when it is done, 202 when steps remain (POST again to go on).
 */
export const handler = authHandler({
  route,
  handler: async ({ params, body, user }): Promise<HandlerResult<MergeResult>> => {
    const admin = await user();
    const run = await mergeFeature(params.id, body.into_id, admin.id);
    return { kind: 'result', status: run.done ? 200 : 202, data: { merge: run.status } };
  },
});
