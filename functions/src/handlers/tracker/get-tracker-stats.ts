import type { TrackerStats } from '@hatchworks/shared/schemas/tracker';
import { readTrackerStats } from '../../modules/tracker/tracker-counters';
import { httpHandler } from '../../http/http-handler';
import { getTrackerStats as route } from '@hatchworks/shared/contracts/tracker';

export const handler = httpHandler({
  route,
  handler: async (): Promise<TrackerStats> => readTrackerStats(),
});
