import type { RouteContract } from '../../contract';
import { PageQuerySchema } from '../../schemas/envelope';
import { ProjectListSchema } from '../../schemas/projects';

export const listProjects = {
  id: 'ListProjects',
  method: 'GET',
  path: '/api/projects',
  access: 'public',
  query: PageQuerySchema,
  data: ProjectListSchema,
  page: true,
} as const satisfies RouteContract;
