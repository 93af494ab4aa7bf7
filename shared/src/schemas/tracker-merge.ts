import * as z from '../zod';

/*
 * What tracker records and their code need of merging, kept apart from
 * merge.ts so the tracker bundles (lists, votes) carry only these few lines. The route's input
 * schema and the status answer are in merge.ts.
 */

export const TRACKER_MERGE_TYPES = ['feature_request', 'project_suggestion'] as const;
export const TRACKER_MERGE_ACTIONS = ['merge', 'unmerge', 'status'] as const;

export const TRACKER_MERGE_MESSAGES = {
  type: 'type must be feature_request or project_suggestion',
  action: 'action must be merge, unmerge or status',
  fromId: 'from_id is required',
  intoId: 'into_id is required to merge',
  notFound: (type: string) =>
    type === 'feature_request' ? 'Feature request not found' : 'Project suggestion not found',
  sourceStatus: 'Only open requests can be merged into another; move it back to Open first',
  targetStatus: 'Requests cannot be merged into a closed one',
  targetMerged: (title: string) =>
    `“${title}” is itself merged into another request; merge into that one instead`,
  votesClosed: 'This request was merged into another one; vote there',
  statusClosed: 'This request was merged into another one; its status cannot change',
} as const;

/** On a merged tracker record: where it went (`merged_at` once the merge finished). */
export const TrackerMergedIntoSchema = z.object({
  id: z.string(),
  title: z.string(),
  merged_at: z.optional(z.string()),
});
export type TrackerMergedInto = z.infer<typeof TrackerMergedIntoSchema>;

/** On the record merged into: each record merged into it (and not unmerged). */
export const TrackerMergedFromSchema = z.object({
  id: z.string(),
  title: z.string(),
  started_at: z.string(),
  merged_at: z.optional(z.string()),
});
export type TrackerMergedFrom = z.infer<typeof TrackerMergedFromSchema>;
