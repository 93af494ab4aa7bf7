import type { RouteContract } from '../../contract';

export const deleteAccount = {
  id: 'DeleteAccount',
  method: 'DELETE',
  path: '/api/user/delete-account',
  access: 'user',
} as const satisfies RouteContract;
