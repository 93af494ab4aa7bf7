import { useMutation } from '@tanstack/react-query';
import { changePassword as route } from '@hatchworks/shared/contracts/accounts';
import type { AuthResult, PasswordChangeInput } from '@hatchworks/shared/schemas/users';
import { api } from '../../../lib/api-client';

export const CHANGE_PASSWORD_FAILED = 'Failed to change the password';

/**
 * `PUT /api/user/password`: replaces the password after checking the current one; answers the
 * user and a fresh own token, since every earlier own token of the account stops working.
 */
export async function changePassword(input: PasswordChangeInput): Promise<AuthResult> {
  const envelope = await api(route, {
    body: input,
    fallbackMessage: CHANGE_PASSWORD_FAILED,
  });
  return envelope.data;
}

export function useChangePassword(options: { onSuccess?: (result: AuthResult) => void } = {}) {
  return useMutation({ mutationFn: changePassword, onSuccess: options.onSuccess });
}
