import { useMutation } from '@tanstack/react-query';
import * as z from '@hatchworks/shared/zod';
import { successEnvelope } from '@hatchworks/shared/schemas/envelope';
import type { PasswordResetInput } from '@hatchworks/shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';

export const REQUEST_PASSWORD_RESET_FAILED = 'Failed to send the password reset link';

const AcceptedEnvelopeSchema = successEnvelope(z.unknown());

/**
 * `POST /api/auth/password-reset`: mails a one-time link (valid one hour) to reset the password.
 * Always 202, whether or not the address has an account.
 */
export async function requestPasswordReset(input: PasswordResetInput): Promise<void> {
  await apiRequest('/auth/password-reset', {
    method: 'POST',
    body: input,
    schema: AcceptedEnvelopeSchema,
    fallbackMessage: REQUEST_PASSWORD_RESET_FAILED,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
