import type { FeatureStatus } from '@hatchworks/shared/schemas/features';

/**
 * The feature lifecycle. Admins approve or reject pending requests, and may take either decision
 * back to pending (an approval only while no eggs are on the request, a rejection only when the
 * author pays the refunded cost again: see `feature-moderation.ts`). Work moves forward only:
 * approved → in progress → completed, or approved straight to completed. Completed is final.
 */
const TRANSITIONS: Readonly<Record<FeatureStatus, readonly FeatureStatus[]>> = {
  pending: ['approved', 'rejected'],
  approved: ['in_progress', 'completed', 'pending'],
  in_progress: ['completed'],
  completed: [],
  rejected: ['pending'],
  // Only a merge makes a request merged and only an unmerge takes it back
  // (modules/votable/feature-kind.ts); no status change does either.
  merged: [],
};

export const canTransition = (from: FeatureStatus, to: FeatureStatus): boolean =>
  TRANSITIONS[from].includes(to);

/** Whether a feature in this status counts as open on its project. */
export const isOpen = (status: FeatureStatus): boolean =>
  status === 'pending' || status === 'approved' || status === 'in_progress';

/**
 * How a project's `feature_counts` change when a feature moves: open counts pending, approved and
 * in-progress requests, completed the completed ones, and total is open + completed (a rejected
 * or merged request no longer counts).
 */
export function projectCountDeltas(from: FeatureStatus, to: FeatureStatus) {
  const weigh = (status: FeatureStatus) => ({
    open: isOpen(status) ? 1 : 0,
    completed: status === 'completed' ? 1 : 0,
  });
  const before = weigh(from);
  const after = weigh(to);
  const open = after.open - before.open;
  const completed = after.completed - before.completed;
  return { total: open + completed, open, completed };
}
