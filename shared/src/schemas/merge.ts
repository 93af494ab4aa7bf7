import * as z from '../zod';
import {
  TRACKER_MERGE_ACTIONS,
  TRACKER_MERGE_MESSAGES,
  TRACKER_MERGE_TYPES,
} from './tracker-merge';

export * from './tracker-merge';

/**
 * Merging duplicate feature requests: an admin merges request A into request B; every
 * vote on A moves to B in idempotent steps, and the merge can be undone within 30 days.
 *
 * Routes (admins):
 * - `POST /api/admin/features/{id}/merge` body `{ into_id }`: starts or resumes merging `{id}` (A)
 *   into `into_id` (B);
 * - `POST /api/admin/features/{id}/unmerge`: starts or resumes undoing it;
 * - `GET /api/admin/features/{id}/merge`: where the merge of `{id}` stands.
 * Each POST runs steps until done or its time budget is used, and answers `{ merge }`: 200 when
 * done, 202 when steps remain (POST again, the same body, to continue).
 */

export const MERGE_LIMITS = {
  /** An unmerge is allowed this long after the merge finished. */
  unmergeDays: 30,
  /** Votes moved (or put back) by one transaction. */
  votesPerStep: 15,
  /** How long one POST keeps running steps before it answers 202. */
  timeBudgetMs: 5_000,
} as const;

export const MERGE_STATES = ['merging', 'merged', 'unmerging', 'unmerged'] as const;
export type MergeState = (typeof MERGE_STATES)[number];

export const MERGE_MESSAGES = {
  sameRequest: 'A request cannot be merged into itself',
  notFound: 'Feature request not found',
  intoNotFound: 'The request to merge into was not found',
  sourceStatus: 'Only pending or approved requests can be merged into another',
  targetStatus: 'Requests can only be merged into an approved, in-progress or completed request',
  alreadyMerged: (title: string) => `This request is already merged into “${title}”`,
  hasMergedFrom:
    'Requests merged into this one can still be unmerged; undo those merges (or wait until their 30 days are over) before merging it',
  busy: 'This request is being unmerged; finish the unmerge first',
  notMerged: 'This request has not been merged',
  unmergeWindow: 'A merge can only be undone within 30 days',
  targetMergedSince: (title: string) =>
    `“${title}” has since been merged into another request, so this merge cannot be undone`,
  targetMovedOn: 'The request merged into changed meanwhile; try again',
  commentsClosed:
    'This request was merged into another one; its comments are kept but closed, comment there',
} as const;

export const MergeInputSchema = z.object({
  into_id: z
    .string({ error: 'into_id is required' })
    .check(z.trim(), z.minLength(1, 'into_id is required'), z.maxLength(64)),
});
export type MergeInput = z.input<typeof MergeInputSchema>;

export const MergeStatusSchema = z.object({
  from_id: z.string(),
  into_id: z.string(),
  /** Titles as they were when the merge started. */
  from_title: z.string(),
  into_title: z.string(),
  state: z.enum(MERGE_STATES),
  /** Votes moved from A to B by this merge (and not put back yet). */
  moved: z.number().check(z.int()),
  /** Votes still to move (merging) or put back (unmerging); 0 when done; null when unknown. */
  remaining: z.nullable(z.number().check(z.int())),
  /** Eggs moved with those votes. */
  eggs_moved: z.number().check(z.int()),
  merged_at: z.optional(z.string()),
  /** Until when the merge can be undone (merged_at + 30 days). */
  unmerge_until: z.optional(z.string()),
  unmerged_at: z.optional(z.string()),
});
export type MergeStatus = z.infer<typeof MergeStatusSchema>;

/** `data` of the three merge routes. */
export const MergeResultSchema = z.object({ merge: MergeStatusSchema });
export type MergeResult = z.infer<typeof MergeResultSchema>;

/** Whether an unmerge is still allowed at `now` for a merge that finished at `mergedAt`. */
export function unmergeAllowed(mergedAt: string, now: Date): boolean {
  return now.getTime() <= unmergeUntil(mergedAt).getTime();
}

/** The last moment a merge that finished at `mergedAt` can be undone. */
export function unmergeUntil(mergedAt: string): Date {
  return new Date(Date.parse(mergedAt) + MERGE_LIMITS.unmergeDays * 24 * 60 * 60 * 1000);
}

/*
 * Merging tracker requests and project suggestions: the same steps and
 * the same answer (`{ merge: MergeStatus }`, 200 done / 202 steps remain), behind ONE admin route
 * (the AWS stack's resource budget allows few new routes):
 * `POST /api/admin/tracker/merges` body `{ type, from_id, into_id?, action }` where `action` is
 * `merge` (into_id required), `unmerge` or `status`. A merged record carries `merged_into` and
 * the record merged into carries `merged_from`, so pages read the merge from the record itself.
 */

export const TrackerMergeInputSchema = z.object({
  type: z.enum(TRACKER_MERGE_TYPES, { error: TRACKER_MERGE_MESSAGES.type }),
  action: z.enum(TRACKER_MERGE_ACTIONS, { error: TRACKER_MERGE_MESSAGES.action }),
  from_id: z
    .string({ error: TRACKER_MERGE_MESSAGES.fromId })
    .check(z.trim(), z.minLength(1, TRACKER_MERGE_MESSAGES.fromId), z.maxLength(64)),
  into_id: z.optional(z.string().check(z.trim(), z.maxLength(64))),
});
export type TrackerMergeInput = z.input<typeof TrackerMergeInputSchema>;
