import { useMutation } from '@tanstack/react-query';
import { requestPasswordReset as route } from '@hatchworks/shared/contracts/accounts';
import type { PasswordResetInput } from '@hatchworks/shared/schemas/users';
import { api } from '../../../lib/api-client';

export const REQUEST_PASSWORD_RESET_FAILED = 'Failed to send the password reset link';

/**
 * `POST /api/auth/password-reset`: mails a one-time link (valid one hour) to reset the password.
 * Always 202, whether or not the address has an account.
 */
export async function requestPasswordReset(input: PasswordResetInput): Promise<void> {
  await api(route, {
    body: input,
    fallbackMessage: REQUEST_PASSWORD_RESET_FAILED,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
