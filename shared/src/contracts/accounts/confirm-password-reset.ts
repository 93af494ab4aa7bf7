import type { RouteContract } from '../../contract';
import { PasswordResetConfirmInputSchema, PasswordResetResultSchema } from '../../schemas/users';

export const confirmPasswordReset = {
  id: 'ConfirmPasswordReset',
  method: 'POST',
  path: '/api/auth/password-reset/confirm',
  access: 'public',
  body: PasswordResetConfirmInputSchema,
  data: PasswordResetResultSchema,
} as const satisfies RouteContract;
