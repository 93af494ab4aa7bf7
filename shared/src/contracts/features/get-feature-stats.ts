import type { RouteContract } from '../../contract';
import { FeatureStatsSchema } from '../../schemas/features';

export const getFeatureStats = {
  id: 'GetFeatureStats',
  method: 'GET',
  path: '/api/features/stats',
  access: 'public',
  data: FeatureStatsSchema,
} as const satisfies RouteContract;
