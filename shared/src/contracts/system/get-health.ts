import type { RouteContract } from '../../contract';
import { HealthSchema } from '../../schemas/health';

export const getHealth = {
  id: 'GetHealth',
  method: 'GET',
  path: '/api/health',
  access: 'public',
  data: HealthSchema,
} as const satisfies RouteContract;
