import { ACCOUNT_MESSAGES, type AuthResult } from '@hatchworks/shared/schemas/users';
import { setPassword } from '../../modules/accounts/credentials-repository';
import { toApiUser } from '../../modules/accounts/users-repository';
import { inMinutes } from '../../modules/accounts/account-limits';
import { passwordSignIn } from '../../modules/accounts/password-sign-in';
import { clientIp } from '../../lib/client-ip';
import { ConflictError, RateLimitedError, ValidationError } from '../../lib/errors';
import { hashPassword } from '../../modules/accounts/passwords';
import { signOwnToken } from '../../lib/tokens';
import { authHandler } from '../../http/auth-handler';
import { withMessage } from '../../http/response';
import { changePassword as route } from '@hatchworks/shared/contracts/accounts';

const refused = (message: string) =>
  new ValidationError([{ field: 'current_password', message }], message);

/**
 * Changes the caller's password after checking the current one the way a sign-in does (same
 * limits), and revokes every earlier own token: the answer carries a fresh one.
 */
export const handler = authHandler({
  route,
  handler: async ({ body, event, user }) => {
    const caller = await user();
    if (!toApiUser(caller).has_password) throw refused(ACCOUNT_MESSAGES.noPassword);
    const check = await passwordSignIn(caller.email, body.current_password, clientIp(event));
    if (check.kind === 'throttled') {
      throw new RateLimitedError(
        `Too many wrong passwords. Try again in ${inMinutes(check.retryAfterSeconds)}.`,
        check.retryAfterSeconds,
      );
    }
    if (check.kind !== 'signed-in' || check.user.id !== caller.id) {
      throw refused(ACCOUNT_MESSAGES.wrongCurrentPassword);
    }
    const current = check.user;
    if ((await setPassword(current, await hashPassword(body.new_password))) === 'stale') {
      throw new ConflictError();
    }
    const updated = {
      ...current,
      has_password: true,
      token_version: (current.token_version ?? 0) + 1,
    };
    return withMessage<AuthResult>(
      { user: toApiUser(updated), token: await signOwnToken(updated) },
      ACCOUNT_MESSAGES.passwordChanged,
    );
  },
});
