import type { RouteContract } from '../../contract';
import {
  FeatureIdParamsSchema,
  FeatureSchema,
  ModerationInputSchema,
} from '../../schemas/features';

export const rejectFeature = {
  id: 'RejectFeature',
  method: 'POST',
  path: '/api/admin/features/{id}/reject',
  access: 'admin',
  params: FeatureIdParamsSchema,
  body: ModerationInputSchema,
  bodyMessages: true,
  data: FeatureSchema,
} as const satisfies RouteContract;
