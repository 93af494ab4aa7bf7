import { useMutation } from '@tanstack/react-query';
import { successEnvelope } from '@hatchworks/shared/schemas/envelope';
import {
  PasswordResetResultSchema,
  type PasswordResetConfirmInput,
  type PasswordResetResult,
} from '@hatchworks/shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';

export const CONFIRM_PASSWORD_RESET_FAILED = 'Failed to reset the password';

const PasswordResetEnvelopeSchema = successEnvelope(PasswordResetResultSchema);

/**
 * `POST /api/auth/password-reset/confirm`: sets the new password with the token of the mailed
 * link. It also proves the address, and every earlier own token of the account stops working.
 */
export async function confirmPasswordReset(
  input: PasswordResetConfirmInput,
): Promise<PasswordResetResult> {
  const envelope = await apiRequest('/auth/password-reset/confirm', {
    method: 'POST',
    body: input,
    schema: PasswordResetEnvelopeSchema,
    fallbackMessage: CONFIRM_PASSWORD_RESET_FAILED,
  });
  return envelope.data;
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
