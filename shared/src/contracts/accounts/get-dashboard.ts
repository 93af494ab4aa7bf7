import type { RouteContract } from '../../contract';

/** The caller with their latest ledger entries, requests and votes. */
export const getDashboard = {
  id: 'GetDashboard',
  method: 'GET',
  path: '/api/user/dashboard',
  access: 'user',
} as const satisfies RouteContract;
