import type { RouteContract } from '../../contract';
import { ProfileUpdateSchema, UserSchema } from '../../schemas/users';

/**
 * Beyond the schema the server refuses staff names, except the names the caller has already and
 * any name of an admin's (functions/src/modules/accounts/staff-names.ts).
 */
export const updateUserProfile = {
  id: 'UpdateUserProfile',
  method: 'PUT',
  path: '/api/user/profile',
  access: 'user',
  body: ProfileUpdateSchema,
  bodyMessages: true,
  data: UserSchema,
} as const satisfies RouteContract;
