import type { FeatureStatus } from '@hatchworks/shared/schemas/features';
import type { BadgeTone } from '../../../components/ui/badge';

const STATUS_BADGES: Readonly<Record<FeatureStatus, { tone: BadgeTone; label: string }>> = {
  pending: { tone: 'warning', label: 'Pending' },
  approved: { tone: 'success', label: 'Approved' },
  in_progress: { tone: 'static', label: 'In Progress' },
  completed: { tone: 'backend', label: 'Completed' },
  rejected: { tone: 'danger', label: 'Rejected' },
};

/** The badge of a feature request's status: each of the five has its own label and colour. */
export function featureStatusBadge(status: FeatureStatus) {
  return STATUS_BADGES[status];
}
