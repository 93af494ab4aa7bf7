import type { RouteContract } from '../../contract';
import { RegisterInputSchema, RegisterResultSchema } from '../../schemas/users';

export const register = {
  id: 'Register',
  method: 'POST',
  path: '/api/auth/register',
  access: 'public',
  body: RegisterInputSchema,
  data: RegisterResultSchema,
} as const satisfies RouteContract;
