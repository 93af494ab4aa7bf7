import { useMutation } from '@tanstack/react-query';
import { resendVerification as route } from '@hatchworks/shared/contracts/accounts';
import type { ResendVerificationInput } from '@hatchworks/shared/schemas/users';
import { api } from '../../../lib/api-client';

export const RESEND_VERIFICATION_FAILED = 'Failed to send the verification link';

/**
 * `POST /api/auth/resend-verification`: mails a new verification link to `email`, or, with no
 * input, to the signed-in caller. Always 202 (it never tells whether an address has an account),
 * 429 when asked too often.
 */
export async function resendVerification(input?: ResendVerificationInput): Promise<void> {
  await api(route, {
    ...(input ? { body: input } : {}),
    fallbackMessage: RESEND_VERIFICATION_FAILED,
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
