import type { RouteContract } from '../../contract';
import { UserSchema, VerifyUserBodySchema } from '../../schemas/users';

/** Links (or creates) the product's user for a signed-in identity of the identity provider. */
export const verifyUser = {
  id: 'VerifyUser',
  method: 'POST',
  path: '/api/auth0/verify-user',
  access: 'user',
  body: VerifyUserBodySchema,
  data: UserSchema,
} as const satisfies RouteContract;
