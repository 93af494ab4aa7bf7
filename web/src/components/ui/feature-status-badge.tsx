import type { FeatureStatus } from '@hatchworks/shared/schemas/features';
import { Badge, type BadgeTone } from './badge';

/** Each feature status keeps one label and one badge style everywhere. */
export const FEATURE_STATUS_BADGES: Readonly<
  Record<FeatureStatus, { readonly tone: BadgeTone; readonly label: string }>
> = {
  pending: { tone: 'warning', label: 'Pending' },
  approved: { tone: 'success', label: 'Approved' },
  in_progress: { tone: 'static', label: 'In Progress' },
  completed: { tone: 'backend', label: 'Completed' },
  rejected: { tone: 'danger', label: 'Rejected' },
  merged: { tone: 'outline', label: 'Merged' },
};

export function FeatureStatusBadge({ status }: { status: FeatureStatus }) {
  const badge = FEATURE_STATUS_BADGES[status];
  return <Badge tone={badge.tone}>{badge.label}</Badge>;
}
