import type { TrackerStats } from '@hatchworks/shared/schemas/tracker';
import { readTrackerStats } from '../../data/tracker-counters';
import { httpHandler } from '../../middleware/http-handler';
import { getTrackerStats as route } from '@hatchworks/shared/contracts/tracker';

export const handler = httpHandler({
  route,
  handler: async (): Promise<TrackerStats> => readTrackerStats(),
});
