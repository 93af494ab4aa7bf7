import type { RouteContract } from '../../contract';
import {
  EggAdjustmentInputSchema,
  EggAdjustmentParamsSchema,
  EggAdjustmentResultSchema,
} from '../../schemas/eggs';

export const adjustUserEggs = {
  id: 'AdjustUserEggs',
  method: 'POST',
  path: '/api/admin/users/{id}/eggs',
  access: 'admin',
  params: EggAdjustmentParamsSchema,
  body: EggAdjustmentInputSchema,
  data: EggAdjustmentResultSchema,
} as const satisfies RouteContract;
