import type { RouteContract } from '../../contract';

/** Answers every unknown `/api/*` path with 404. */
export const notFound = {
  id: 'NotFound',
  method: 'ANY',
  path: '/api/{proxy+}',
  access: 'public',
} as const satisfies RouteContract;
