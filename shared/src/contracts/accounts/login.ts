import type { RouteContract } from '../../contract';
import { AuthResultSchema, LoginInputSchema } from '../../schemas/users';

export const login = {
  id: 'Login',
  method: 'POST',
  path: '/api/auth/login',
  access: 'public',
  body: LoginInputSchema,
  data: AuthResultSchema,
} as const satisfies RouteContract;
