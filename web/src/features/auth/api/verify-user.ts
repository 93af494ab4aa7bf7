import { verifyUser as route } from '@hatchworks/shared/contracts/accounts';
import type { User, VerifyUserInput } from '@hatchworks/shared/schemas/users';
import { api } from '../../../lib/api-client';
import { VERIFICATION_MESSAGES, VERIFICATION_POLICY } from '../utils/verification';

/**
 * `POST /api/auth0/verify-user`: links (or creates) the product's user for the signed-in identity.
 * One attempt; the retry policy lives in the verification state machine.
 */
export async function verifyUser(input: VerifyUserInput, signal?: AbortSignal): Promise<User> {
  const envelope = await api(route, {
    body: input,
    fallbackMessage: VERIFICATION_MESSAGES.noUser,
    timeoutMs: VERIFICATION_POLICY.attemptTimeoutMs,
    signal,
  });
  return envelope.data;
}
