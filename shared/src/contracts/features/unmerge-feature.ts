import type { RouteContract } from '../../contract';
import { FeatureIdParamsSchema } from '../../schemas/features';
import { MergeResultSchema } from '../../schemas/merge';

/** Undoes the merge of `{id}` within 30 days, or resumes undoing it (200 done, 202 steps remain). */
export const unmergeFeature = {
  id: 'UnmergeFeature',
  method: 'POST',
  path: '/api/admin/features/{id}/unmerge',
  access: 'admin',
  params: FeatureIdParamsSchema,
  data: MergeResultSchema,
} as const satisfies RouteContract;
