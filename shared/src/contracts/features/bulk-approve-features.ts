import type { RouteContract } from '../../contract';
import { BulkApproveInputSchema, BulkApproveResultSchema } from '../../schemas/features';

export const bulkApproveFeatures = {
  id: 'BulkApproveFeatures',
  method: 'POST',
  path: '/api/admin/features/bulk-approve',
  access: 'admin',
  body: BulkApproveInputSchema,
  data: BulkApproveResultSchema,
} as const satisfies RouteContract;
