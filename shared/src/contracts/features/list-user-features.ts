import type { RouteContract } from '../../contract';
import { PageQuerySchema } from '../../schemas/envelope';
import { FeatureListSchema, UserIdParamsSchema } from '../../schemas/features';

export const listUserFeatures = {
  id: 'ListUserFeatures',
  method: 'GET',
  path: '/api/users/{id}/features',
  access: 'user',
  params: UserIdParamsSchema,
  query: PageQuerySchema,
  data: FeatureListSchema,
  page: true,
} as const satisfies RouteContract;
