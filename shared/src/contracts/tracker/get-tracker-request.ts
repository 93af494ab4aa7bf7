import type { RouteContract } from '../../contract';
import { TrackerFeatureRequestSchema, TrackerIdParamsSchema } from '../../schemas/tracker';

export const getTrackerRequest = {
  id: 'GetTrackerFeatureRequest',
  method: 'GET',
  path: '/api/tracker/feature-requests/{id}',
  access: 'public',
  params: TrackerIdParamsSchema,
  data: TrackerFeatureRequestSchema,
} as const satisfies RouteContract;
