import { useMutation } from '@tanstack/react-query';
import { deleteAccount as route } from '@hatchworks/shared/contracts/accounts';
import { api } from '../../../lib/api-client';

export const DELETE_ACCOUNT_FAILED = 'Failed to delete account';

/** `DELETE /api/user/delete-account`: removes the signed-in user's account for good. */
export async function deleteAccount(): Promise<void> {
  await api(route, {
    fallbackMessage: DELETE_ACCOUNT_FAILED,
  });
}

export function useDeleteAccount(options: { onSuccess?: () => void } = {}) {
  return useMutation({ mutationFn: deleteAccount, onSuccess: options.onSuccess });
}
