import type { RouteContract } from '../../contract';
import { PageQuerySchema } from '../../schemas/envelope';
import { GroupParamsSchema, ProjectGroupResponseSchema } from '../../schemas/projects';

export const getProjectGroup = {
  id: 'GetProjectGroup',
  method: 'GET',
  // API Gateway refuses differently named variables at one position, so `{key}` is a group key
  // here and a project id on PUT and DELETE.
  path: '/api/projects/{key}',
  access: 'public',
  params: GroupParamsSchema,
  query: PageQuerySchema,
  data: ProjectGroupResponseSchema,
  page: true,
} as const satisfies RouteContract;
