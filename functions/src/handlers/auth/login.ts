import { ACCOUNT_MESSAGES, type AuthResult } from '@hatchworks/shared/schemas/users';
import { toApiUser } from '../../modules/accounts/users-repository';
import { inMinutes } from '../../modules/accounts/account-limits';
import { userPoolPasswords } from '../../modules/accounts/cognito-passwords';
import { passwordSignIn } from '../../modules/accounts/password-sign-in';
import { clientIp } from '../../lib/client-ip';
import { ForbiddenError, RateLimitedError, UnauthorizedError } from '../../lib/errors';
import { signOwnToken } from '../../lib/tokens';
import { httpHandler } from '../../http/http-handler';
import { login as route } from '@hatchworks/shared/contracts/accounts';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const SECOND_STEP_ON_HOSTED_LOGIN =
  'This account asks for a second step when it signs in, such as a code from your authenticator app. Use "Login" to sign in.';

export const handler = httpHandler({
  route,
  handler: async ({ body, event }): Promise<AuthResult> => {
    const outcome = await passwordSignIn(
      body.email,
      body.password,
      clientIp(event),
      userPoolPasswords(),
    );
    switch (outcome.kind) {
      case 'throttled':
        throw new RateLimitedError(
          `Too many failed login attempts. Try again in ${inMinutes(outcome.retryAfterSeconds)}.`,
          outcome.retryAfterSeconds,
        );
      case 'invalid':
        throw new UnauthorizedError(INVALID_CREDENTIALS);
      case 'unverified':
        throw new ForbiddenError(ACCOUNT_MESSAGES.verifyFirst);
      case 'second-step':
        throw new ForbiddenError(SECOND_STEP_ON_HOSTED_LOGIN);
      case 'signed-in':
        return { user: toApiUser(outcome.user), token: await signOwnToken(outcome.user) };
    }
  },
});
