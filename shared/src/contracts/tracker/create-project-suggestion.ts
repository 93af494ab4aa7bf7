import type { RouteContract } from '../../contract';
import { ProjectSuggestionSchema } from '../../schemas/tracker';
import { ProjectSuggestionInputSchema } from '../../schemas/tracker-submissions';

export const createProjectSuggestion = {
  id: 'CreateProjectSuggestion',
  method: 'POST',
  path: '/api/tracker/project-suggestions',
  access: 'public',
  body: ProjectSuggestionInputSchema,
  bodyMessages: true,
  data: ProjectSuggestionSchema,
} as const satisfies RouteContract;
