import type { RouteContract } from '../../contract';
import {
  FeatureIdParamsSchema,
  FeatureSchema,
  ModerationInputSchema,
} from '../../schemas/features';

export const approveFeature = {
  id: 'ApproveFeature',
  method: 'POST',
  path: '/api/admin/features/{id}/approve',
  access: 'admin',
  params: FeatureIdParamsSchema,
  body: ModerationInputSchema,
  bodyMessages: true,
  data: FeatureSchema,
} as const satisfies RouteContract;
