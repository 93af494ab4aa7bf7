import { useMutation } from '@tanstack/react-query';
import * as z from '@hatchworks/shared/zod';
import { successEnvelope } from '@hatchworks/shared/schemas/envelope';
import { apiRequest } from '../../../lib/api-client';

export const DELETE_ACCOUNT_FAILED = 'Failed to delete account';

const DeletedEnvelopeSchema = successEnvelope(z.unknown());

/** `DELETE /api/user/delete-account`: removes the signed-in user's account for good. */
export async function deleteAccount(): Promise<void> {
  await apiRequest('/user/delete-account', {
    method: 'DELETE',
    schema: DeletedEnvelopeSchema,
    fallbackMessage: DELETE_ACCOUNT_FAILED,
  });
}

export function useDeleteAccount(options: { onSuccess?: () => void } = {}) {
  return useMutation({ mutationFn: deleteAccount, onSuccess: options.onSuccess });
}
