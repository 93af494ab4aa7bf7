import type { RouteContract } from '../../contract';
import { ProjectIdParamsSchema } from '../../schemas/projects';

export const deleteProject = {
  id: 'DeleteProject',
  method: 'DELETE',
  path: '/api/projects/{key}',
  access: 'admin',
  params: ProjectIdParamsSchema,
} as const satisfies RouteContract;
