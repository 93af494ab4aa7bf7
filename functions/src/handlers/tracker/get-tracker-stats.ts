import type { TrackerStats } from '@hatchworks/shared/schemas/tracker';
import { readTrackerStats } from '../../data/tracker-counters';
import { httpHandler } from '../../middleware/http-handler';

export const handler = httpHandler({
  handler: async (): Promise<TrackerStats> => readTrackerStats(),
});
