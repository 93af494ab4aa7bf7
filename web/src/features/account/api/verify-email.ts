import { useMutation } from '@tanstack/react-query';
import { successEnvelope } from '@hatchworks/shared/schemas/envelope';
import {
  VerifyEmailResultSchema,
  type VerifyEmailInput,
  type VerifyEmailResult,
} from '@hatchworks/shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';

export const VERIFY_EMAIL_FAILED = 'Failed to verify your email address';

const VerifyEmailEnvelopeSchema = successEnvelope(VerifyEmailResultSchema);

/**
 * `POST /api/auth/verify-email`: proves the address with the token of the mailed link and credits
 * the welcome eggs if the person has not had them (`welcome_eggs` 500, else 0).
 */
export async function verifyEmail(input: VerifyEmailInput): Promise<VerifyEmailResult> {
  const envelope = await apiRequest('/auth/verify-email', {
    method: 'POST',
    body: input,
    schema: VerifyEmailEnvelopeSchema,
    fallbackMessage: VERIFY_EMAIL_FAILED,
  });
  return envelope.data;
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
