import type { RouteContract } from '../../contract';
import { ProjectInputSchema, ProjectSchema } from '../../schemas/projects';

export const createProject = {
  id: 'CreateProject',
  method: 'POST',
  path: '/api/projects',
  access: 'admin',
  body: ProjectInputSchema,
  data: ProjectSchema,
} as const satisfies RouteContract;
