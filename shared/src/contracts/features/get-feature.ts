import type { RouteContract } from '../../contract';
import { FeatureIdParamsSchema, FeatureSchema } from '../../schemas/features';

export const getFeature = {
  id: 'GetFeature',
  method: 'GET',
  path: '/api/features/{id}',
  access: 'public',
  params: FeatureIdParamsSchema,
  data: FeatureSchema,
} as const satisfies RouteContract;
