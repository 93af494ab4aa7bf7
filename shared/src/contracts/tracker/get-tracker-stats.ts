import type { RouteContract } from '../../contract';
import { TrackerStatsSchema } from '../../schemas/tracker';

export const getTrackerStats = {
  id: 'GetTrackerStats',
  method: 'GET',
  path: '/api/tracker/stats',
  access: 'public',
  data: TrackerStatsSchema,
} as const satisfies RouteContract;
