import type { RouteContract } from '../../contract';
import { PageQuerySchema } from '../../schemas/envelope';
import { UserListSchema } from '../../schemas/user-list';

export const listUsers = {
  id: 'ListUsers',
  method: 'GET',
  path: '/api/admin/users',
  access: 'admin',
  query: PageQuerySchema,
  data: UserListSchema,
  page: true,
} as const satisfies RouteContract;
