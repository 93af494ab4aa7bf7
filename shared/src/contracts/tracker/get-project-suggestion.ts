import type { RouteContract } from '../../contract';
import { ProjectSuggestionSchema, TrackerIdParamsSchema } from '../../schemas/tracker';

export const getProjectSuggestion = {
  id: 'GetProjectSuggestion',
  method: 'GET',
  path: '/api/tracker/project-suggestions/{id}',
  access: 'public',
  params: TrackerIdParamsSchema,
  data: ProjectSuggestionSchema,
} as const satisfies RouteContract;
