import { ACCOUNT_MESSAGES, type VerifyEmailResult } from '@hatchworks/shared/schemas/users';
import { isLiveOneTimeToken } from '../../modules/accounts/credentials-repository';
import { proveEmail } from '../../modules/accounts/email-verification';
import { getUserById, toApiUser } from '../../modules/accounts/users-repository';
import { ValidationError } from '../../lib/errors';
import { personHashes } from '../../lib/identity-hash';
import { readToken } from '../../modules/accounts/one-time-token';
import { httpHandler } from '../../http/http-handler';
import { withMessage } from '../../http/response';
import { verifyEmail as route } from '@hatchworks/shared/contracts/accounts';

const invalidLink = () =>
  new ValidationError(
    [{ field: 'token', message: ACCOUNT_MESSAGES.invalidVerificationLink }],
    ACCOUNT_MESSAGES.invalidVerificationLink,
  );

/**
 * Opens the verification link: proves the email and credits the welcome eggs if the person never
 * had them. The link stays good until it expires, and a second click credits nothing more.
 */
export const handler = httpHandler({
  route,
  handler: async ({ body }) => {
    const token = readToken(body.token);
    if (!token || !(await isLiveOneTimeToken(token.userId, 'verify-email', token.hash))) {
      throw invalidLink();
    }
    const user = await getUserById(token.userId);
    if (!user) throw invalidLink();
    const proven = await proveEmail(user.id, await personHashes(user));
    if (!proven) throw invalidLink();
    return withMessage<VerifyEmailResult>(
      { user: toApiUser(proven.user), welcome_eggs: proven.welcomeEggs },
      ACCOUNT_MESSAGES.verified,
    );
  },
});
