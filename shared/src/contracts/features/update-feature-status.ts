import type { RouteContract } from '../../contract';
import {
  FeatureIdParamsSchema,
  FeatureSchema,
  StatusChangeInputSchema,
} from '../../schemas/features';

export const updateFeatureStatus = {
  id: 'UpdateFeatureStatus',
  method: 'PUT',
  path: '/api/admin/features/{id}/status',
  access: 'admin',
  params: FeatureIdParamsSchema,
  body: StatusChangeInputSchema,
  data: FeatureSchema,
} as const satisfies RouteContract;
