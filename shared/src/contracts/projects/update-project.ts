import type { RouteContract } from '../../contract';
import { ProjectIdParamsSchema, ProjectInputSchema, ProjectSchema } from '../../schemas/projects';

export const updateProject = {
  id: 'UpdateProject',
  method: 'PUT',
  path: '/api/projects/{key}',
  access: 'admin',
  params: ProjectIdParamsSchema,
  body: ProjectInputSchema,
  data: ProjectSchema,
} as const satisfies RouteContract;
