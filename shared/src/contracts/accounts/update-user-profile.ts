import type { RouteContract } from '../../contract';
import { ProfileUpdateSchema, UserSchema } from '../../schemas/users';

/**
 * The server checks the body against the caller's current username (see `profileUpdateSchemaFor`):
 * a name reserved after they took it may be kept.
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
