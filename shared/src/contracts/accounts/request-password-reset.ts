import type { RouteContract } from '../../contract';
import { PasswordResetInputSchema } from '../../schemas/users';

/** Always 202, whether or not the address has an account. */
export const requestPasswordReset = {
  id: 'RequestPasswordReset',
  method: 'POST',
  path: '/api/auth/password-reset',
  access: 'public',
  body: PasswordResetInputSchema,
} as const satisfies RouteContract;
