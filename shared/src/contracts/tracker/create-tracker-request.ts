import type { RouteContract } from '../../contract';
import {
  TrackerFeatureRequestInputSchema,
  TrackerFeatureRequestSchema,
} from '../../schemas/tracker';

export const createTrackerRequest = {
  id: 'CreateTrackerFeatureRequest',
  method: 'POST',
  path: '/api/tracker/feature-requests',
  access: 'public',
  body: TrackerFeatureRequestInputSchema,
  bodyMessages: true,
  data: TrackerFeatureRequestSchema,
} as const satisfies RouteContract;
