import type { RouteContract } from '../../contract';
import { FeatureListQuerySchema, FeatureListSchema } from '../../schemas/features';

/** Most eggs first, or by relevance with `q`; admins see pending and rejected requests too. */
export const listFeatures = {
  id: 'ListFeatures',
  method: 'GET',
  path: '/api/features',
  access: 'public',
  query: FeatureListQuerySchema,
  data: FeatureListSchema,
  page: true,
} as const satisfies RouteContract;
