import { useMutation } from '@tanstack/react-query';
import { confirmPasswordReset as route } from '@hatchworks/shared/contracts/accounts';
import type {
  PasswordResetConfirmInput,
  PasswordResetResult,
} from '@hatchworks/shared/schemas/users';
import { api } from '../../../lib/api-client';

export const CONFIRM_PASSWORD_RESET_FAILED = 'Failed to reset the password';

/**
 * `POST /api/auth/password-reset/confirm`: sets the new password with the token of the mailed
 * link. It also proves the address, and every earlier own token of the account stops working.
 */
export async function confirmPasswordReset(
  input: PasswordResetConfirmInput,
): Promise<PasswordResetResult> {
  const envelope = await api(route, {
    body: input,
    fallbackMessage: CONFIRM_PASSWORD_RESET_FAILED,
  });
  return envelope.data;
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
