import type { RouteContract } from '../../contract';
import { FeatureIdParamsSchema } from '../../schemas/features';
import { MergeInputSchema, MergeResultSchema } from '../../schemas/merge';

/**
 * Merges a duplicate request `{id}` with its votes into `into_id`, or resumes that merge: 200 when
 * it is done, 202 when steps remain (POST again to go on).
 */
export const mergeFeature = {
  id: 'MergeFeature',
  method: 'POST',
  path: '/api/admin/features/{id}/merge',
  access: 'admin',
  params: FeatureIdParamsSchema,
  body: MergeInputSchema,
  bodyMessages: true,
  data: MergeResultSchema,
} as const satisfies RouteContract;
