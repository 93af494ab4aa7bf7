import type { RouteContract } from '../contract';
import { PageQuerySchema } from '../schemas/envelope';
import {
  GroupParamsSchema,
  HomepageSchema,
  ProjectGroupResponseSchema,
  ProjectIdParamsSchema,
  ProjectInputSchema,
  ProjectListSchema,
  ProjectSchema,
} from '../schemas/projects';

export const listProjects = {
  id: 'ListProjects',
  method: 'GET',
  path: '/api/projects',
  access: 'public',
  query: PageQuerySchema,
  data: ProjectListSchema,
  page: true,
} as const satisfies RouteContract;

export const getHomepageProjects = {
  id: 'GetHomepageProjects',
  method: 'GET',
  path: '/api/projects/homepage',
  access: 'public',
  data: HomepageSchema,
} as const satisfies RouteContract;

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

export const createProject = {
  id: 'CreateProject',
  method: 'POST',
  path: '/api/projects',
  access: 'admin',
  body: ProjectInputSchema,
  data: ProjectSchema,
} as const satisfies RouteContract;

export const updateProject = {
  id: 'UpdateProject',
  method: 'PUT',
  path: '/api/projects/{key}',
  access: 'admin',
  params: ProjectIdParamsSchema,
  body: ProjectInputSchema,
  data: ProjectSchema,
} as const satisfies RouteContract;

export const deleteProject = {
  id: 'DeleteProject',
  method: 'DELETE',
  path: '/api/projects/{key}',
  access: 'admin',
  params: ProjectIdParamsSchema,
} as const satisfies RouteContract;
