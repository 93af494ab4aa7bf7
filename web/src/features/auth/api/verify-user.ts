import { successEnvelope } from '@hatchworks/shared/schemas/envelope';
import { UserSchema, type User, type VerifyUserInput } from '@hatchworks/shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';
import { VERIFICATION_MESSAGES, VERIFICATION_POLICY } from '../utils/verification';

const VerifyUserEnvelopeSchema = successEnvelope(UserSchema);

/**
 * `POST /api/auth0/verify-user`: links (or creates) the product's user for the signed-in identity.
 * One attempt; the retry policy lives in the verification state machine.
 */
export async function verifyUser(input: VerifyUserInput, signal?: AbortSignal): Promise<User> {
  const envelope = await apiRequest('/auth0/verify-user', {
    method: 'POST',
    body: input,
    schema: VerifyUserEnvelopeSchema,
    fallbackMessage: VERIFICATION_MESSAGES.noUser,
    timeoutMs: VERIFICATION_POLICY.attemptTimeoutMs,
    signal,
  });
  return envelope.data;
}
