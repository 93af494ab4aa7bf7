import type { RouteContract } from '../../contract';
import { MergeResultSchema, TrackerMergeInputSchema } from '../../schemas/merge';

/**
 * Merging tracker requests or project suggestions, one route for both (the AWS stack's resource
 * budget allows few routes): `action` `merge` starts or resumes merging `from_id` into `into_id`,
 * `unmerge` undoes it within 30 days, `status` answers where it stands. 200 when done, 202 when
 * steps remain (POST again, the same body).
 */
export const trackerMerge = {
  id: 'TrackerMerge',
  method: 'POST',
  path: '/api/admin/tracker/merges',
  access: 'admin',
  body: TrackerMergeInputSchema,
  bodyMessages: true,
  data: MergeResultSchema,
} as const satisfies RouteContract;
