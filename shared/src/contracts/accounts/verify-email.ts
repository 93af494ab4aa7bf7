import type { RouteContract } from '../../contract';
import { VerifyEmailInputSchema, VerifyEmailResultSchema } from '../../schemas/users';

export const verifyEmail = {
  id: 'VerifyEmail',
  method: 'POST',
  path: '/api/auth/verify-email',
  access: 'public',
  body: VerifyEmailInputSchema,
  data: VerifyEmailResultSchema,
} as const satisfies RouteContract;
