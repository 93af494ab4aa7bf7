import { useMutation } from '@tanstack/react-query';
import { verifyEmail as route } from '@hatchworks/shared/contracts/accounts';
import type { VerifyEmailInput, VerifyEmailResult } from '@hatchworks/shared/schemas/users';
import { api } from '../../../lib/api-client';

export const VERIFY_EMAIL_FAILED = 'Failed to verify your email address';

/**
 * `POST /api/auth/verify-email`: proves the address with the token of the mailed link and credits
 * the welcome eggs if the person has not had them (`welcome_eggs` 500, else 0).
 */
export async function verifyEmail(input: VerifyEmailInput): Promise<VerifyEmailResult> {
  const envelope = await api(route, {
    body: input,
    fallbackMessage: VERIFY_EMAIL_FAILED,
  });
  return envelope.data;
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
