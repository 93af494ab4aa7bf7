import type {
  TrackerCategory,
  TrackerPriority,
  TrackerStatus,
} from '@hatchworks/shared/schemas/tracker';
import type { BadgeTone } from '../../../components/ui/badge';

/** Each tracker status in its own colour: open work blue, in progress amber, done green. */
export const TRACKER_STATUS_TONES: Readonly<Record<TrackerStatus, BadgeTone>> = {
  Open: 'static',
  'In Progress': 'warning',
  Completed: 'success',
  Closed: 'other',
};

/** Priorities warm up with urgency. */
export const TRACKER_PRIORITY_TONES: Readonly<Record<TrackerPriority, BadgeTone>> = {
  Low: 'other',
  Medium: 'backend',
  High: 'build',
  Critical: 'danger',
};

export const TRACKER_CATEGORY_TONES: Readonly<Record<TrackerCategory, BadgeTone>> = {
  'Bug Fix': 'outline',
  'New Feature': 'outline',
  Enhancement: 'outline',
  'UI/UX Improvement': 'outline',
};
