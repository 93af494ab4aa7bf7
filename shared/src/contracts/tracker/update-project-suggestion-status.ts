import type { RouteContract } from '../../contract';
import { TrackerIdParamsSchema } from '../../schemas/tracker';
import {
  TrackerStatusChangeInputSchema,
  TrackerStatusResultSchema,
} from '../../schemas/tracker-status';

export const updateProjectSuggestionStatus = {
  id: 'UpdateProjectSuggestionStatus',
  method: 'PUT',
  path: '/api/tracker/project-suggestions/{id}/status',
  access: 'admin',
  params: TrackerIdParamsSchema,
  body: TrackerStatusChangeInputSchema,
  data: TrackerStatusResultSchema,
} as const satisfies RouteContract;
