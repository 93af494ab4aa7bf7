import type { RouteContract } from '../../contract';
import { FeatureIdParamsSchema } from '../../schemas/features';
import { MergeResultSchema } from '../../schemas/merge';

/** Where the merge of request `{id}` stands. */
export const getFeatureMerge = {
  id: 'GetFeatureMerge',
  method: 'GET',
  path: '/api/admin/features/{id}/merge',
  access: 'admin',
  params: FeatureIdParamsSchema,
  data: MergeResultSchema,
} as const satisfies RouteContract;
