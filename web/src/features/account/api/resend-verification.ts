import { useMutation } from '@tanstack/react-query';
import * as z from '@hatchworks/shared/zod';
import { successEnvelope } from '@hatchworks/shared/schemas/envelope';
import type { ResendVerificationInput } from '@hatchworks/shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';

export const RESEND_VERIFICATION_FAILED = 'Failed to send the verification link';

const AcceptedEnvelopeSchema = successEnvelope(z.unknown());

/**
 * `POST /api/auth/resend-verification`: mails a new verification link to `email`, or, with no
 * input, to the signed-in caller. Always 202 (it never tells whether an address has an account),
 * 429 when asked too often.
 */
export async function resendVerification(input?: ResendVerificationInput): Promise<void> {
  await apiRequest('/auth/resend-verification', {
    method: 'POST',
    ...(input ? { body: input } : {}),
    schema: AcceptedEnvelopeSchema,
    fallbackMessage: RESEND_VERIFICATION_FAILED,
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
