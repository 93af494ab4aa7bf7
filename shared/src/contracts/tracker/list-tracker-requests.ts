import type { RouteContract } from '../../contract';
import {
  TrackerFeatureRequestListQuerySchema,
  TrackerFeatureRequestListSchema,
} from '../../schemas/tracker';

export const listTrackerRequests = {
  id: 'ListTrackerFeatureRequests',
  method: 'GET',
  path: '/api/tracker/feature-requests',
  access: 'public',
  query: TrackerFeatureRequestListQuerySchema,
  data: TrackerFeatureRequestListSchema,
  page: true,
} as const satisfies RouteContract;
