import type { RouteContract } from '../../contract';
import { AuthResultSchema, PasswordChangeInputSchema } from '../../schemas/users';

export const changePassword = {
  id: 'ChangePassword',
  method: 'PUT',
  path: '/api/user/password',
  access: 'user',
  body: PasswordChangeInputSchema,
  data: AuthResultSchema,
} as const satisfies RouteContract;
