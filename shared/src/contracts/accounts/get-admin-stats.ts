import type { RouteContract } from '../../contract';

export const getAdminStats = {
  id: 'GetAdminStats',
  method: 'GET',
  path: '/api/admin/stats',
  access: 'admin',
} as const satisfies RouteContract;
