import type { RouteContract } from '../../contract';
import { TrackerFeatureRequestSchema } from '../../schemas/tracker';
import { TrackerFeatureRequestInputSchema } from '../../schemas/tracker-submissions';

export const createTrackerRequest = {
  id: 'CreateTrackerFeatureRequest',
  method: 'POST',
  path: '/api/tracker/feature-requests',
  access: 'public',
  body: TrackerFeatureRequestInputSchema,
  bodyMessages: true,
  data: TrackerFeatureRequestSchema,
} as const satisfies RouteContract;
