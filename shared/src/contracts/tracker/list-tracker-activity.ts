import type { RouteContract } from '../../contract';
import { ActivityListQuerySchema, ActivityListSchema } from '../../schemas/tracker';

export const listTrackerActivity = {
  id: 'ListTrackerActivity',
  method: 'GET',
  path: '/api/tracker/activity',
  access: 'public',
  query: ActivityListQuerySchema,
  data: ActivityListSchema,
  page: true,
} as const satisfies RouteContract;
