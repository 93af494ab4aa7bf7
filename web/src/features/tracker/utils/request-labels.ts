import type { TrackerStatus } from '@hatchworks/shared/schemas/tracker';
import type { BadgeTone } from '../../../components/ui/badge';

/**
 * Each tracker status in its own colour: open work blue, planned teal, in progress amber, done
 * green, closed grey.
 */
export const TRACKER_STATUS_TONES: Readonly<Record<TrackerStatus, BadgeTone>> = {
  Open: 'static',
  Planned: 'react',
  'In Progress': 'warning',
  Completed: 'success',
  Closed: 'other',
};
