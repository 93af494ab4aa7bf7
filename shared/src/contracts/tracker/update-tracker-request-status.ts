import type { RouteContract } from '../../contract';
import { TrackerIdParamsSchema } from '../../schemas/tracker';
import {
  TrackerStatusChangeInputSchema,
  TrackerStatusResultSchema,
} from '../../schemas/tracker-status';

export const updateTrackerRequestStatus = {
  id: 'UpdateTrackerRequestStatus',
  method: 'PUT',
  path: '/api/tracker/feature-requests/{id}/status',
  access: 'admin',
  params: TrackerIdParamsSchema,
  body: TrackerStatusChangeInputSchema,
  data: TrackerStatusResultSchema,
} as const satisfies RouteContract;
