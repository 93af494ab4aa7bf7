import type { RouteContract } from '../../contract';
import { CreateFeatureInputSchema, FeatureSchema } from '../../schemas/features';

export const createFeature = {
  id: 'CreateFeature',
  method: 'POST',
  path: '/api/features',
  access: 'user',
  body: CreateFeatureInputSchema,
  bodyMessages: true,
  data: FeatureSchema,
} as const satisfies RouteContract;
