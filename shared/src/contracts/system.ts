import type { RouteContract } from '../contract';
import { HealthSchema } from '../schemas/health';

export const getHealth = {
  id: 'GetHealth',
  method: 'GET',
  path: '/api/health',
  access: 'public',
  data: HealthSchema,
} as const satisfies RouteContract;

/** Answers every unknown `/api/*` path with 404. */
export const notFound = {
  id: 'NotFound',
  method: 'ANY',
  path: '/api/{proxy+}',
  access: 'public',
} as const satisfies RouteContract;
