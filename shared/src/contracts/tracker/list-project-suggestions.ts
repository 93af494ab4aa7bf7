import type { RouteContract } from '../../contract';
import {
  ProjectSuggestionListQuerySchema,
  ProjectSuggestionListSchema,
} from '../../schemas/tracker';

export const listProjectSuggestions = {
  id: 'ListProjectSuggestions',
  method: 'GET',
  path: '/api/tracker/project-suggestions',
  access: 'public',
  query: ProjectSuggestionListQuerySchema,
  data: ProjectSuggestionListSchema,
  page: true,
} as const satisfies RouteContract;
