import type { RouteContract } from '../../contract';
import { ProjectSuggestionInputSchema, ProjectSuggestionSchema } from '../../schemas/tracker';

export const createProjectSuggestion = {
  id: 'CreateProjectSuggestion',
  method: 'POST',
  path: '/api/tracker/project-suggestions',
  access: 'public',
  body: ProjectSuggestionInputSchema,
  bodyMessages: true,
  data: ProjectSuggestionSchema,
} as const satisfies RouteContract;
