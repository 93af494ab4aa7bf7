import { FeatureIdParamsSchema } from '@hatchworks/shared/schemas/features';
import { MergeInputSchema, type MergeResult } from '@hatchworks/shared/schemas/merge';
import { mergeFeature } from '../../modules/votable/feature-kind';
import * as z from '@hatchworks/shared/zod';
import { authHandler } from '../../middleware/auth-handler';
import { parseWithMessage } from '../../middleware/parse-with-message';
import type { HandlerResult } from '../../middleware/response';

/**
 * `POST /api/admin/features/{id}/merge`: merges request `{id}` into `into_id`, or
 * resumes that merge. 200 when it is done, 202 when steps remain (POST again to go on).
 */
export const handler = authHandler({
  params: FeatureIdParamsSchema,
  // Parsed below so that the rule's own message ('into_id is required') is the error message.
  body: z.unknown(),
  handler: async ({ params, body: raw, user }): Promise<HandlerResult<MergeResult>> => {
    const body = parseWithMessage(MergeInputSchema, raw);
    const admin = await user();
    const run = await mergeFeature(params.id, body.into_id, admin.id);
    return { kind: 'result', status: run.done ? 200 : 202, data: { merge: run.status } };
  },
});
