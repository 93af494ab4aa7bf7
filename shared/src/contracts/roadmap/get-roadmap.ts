import type { RouteContract } from '../../contract';
import { RoadmapQuerySchema, RoadmapSchema } from '../../schemas/roadmap';

/** The public roadmap: tracker items by status column, optionally of one project. */
export const getRoadmap = {
  id: 'GetRoadmap',
  method: 'GET',
  path: '/api/roadmap',
  access: 'public',
  query: RoadmapQuerySchema,
  data: RoadmapSchema,
} as const satisfies RouteContract;
