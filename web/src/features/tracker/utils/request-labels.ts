import type { TrackerStatus } from '@hatchworks/shared/schemas/tracker';
import type { BadgeTone } from '../../../components/ui/badge';

/** Each tracker status in its own colour: open work blue, in progress amber, done green. */
export const TRACKER_STATUS_TONES: Readonly<Record<TrackerStatus, BadgeTone>> = {
  Open: 'static',
  'In Progress': 'warning',
  Completed: 'success',
  Closed: 'other',
};
