import type { RouteContract } from '../../contract';
import { FeatureListSchema } from '../../schemas/features';
import { PendingFeatureListQuerySchema } from '../../schemas/pending-features';

export const listPendingFeatures = {
  id: 'ListPendingFeatures',
  method: 'GET',
  path: '/api/admin/features/pending',
  access: 'admin',
  query: PendingFeatureListQuerySchema,
  data: FeatureListSchema,
  page: true,
} as const satisfies RouteContract;
