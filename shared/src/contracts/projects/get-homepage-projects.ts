import type { RouteContract } from '../../contract';
import { HomepageSchema } from '../../schemas/projects';

export const getHomepageProjects = {
  id: 'GetHomepageProjects',
  method: 'GET',
  path: '/api/projects/homepage',
  access: 'public',
  data: HomepageSchema,
} as const satisfies RouteContract;
