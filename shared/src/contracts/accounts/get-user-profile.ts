import type { RouteContract } from '../../contract';
import { UserSchema } from '../../schemas/users';

export const getUserProfile = {
  id: 'GetUserProfile',
  method: 'GET',
  path: '/api/user/profile',
  access: 'user',
  data: UserSchema,
} as const satisfies RouteContract;
