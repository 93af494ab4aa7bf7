import { ACCOUNT_MESSAGES, type AuthResult } from '@hatchworks/shared/schemas/users';
import { replacePassword } from '../../modules/accounts/account-passwords';
import { toApiUser } from '../../modules/accounts/users-repository';
import { inMinutes } from '../../modules/accounts/account-limits';
import { userPoolPasswords } from '../../modules/accounts/cognito-passwords';
import { passwordSignIn } from '../../modules/accounts/password-sign-in';
import { clientIp } from '../../lib/client-ip';
import { ConflictError, RateLimitedError, ValidationError } from '../../lib/errors';
import { signOwnToken } from '../../lib/tokens';
import { authHandler } from '../../http/auth-handler';
import { withMessage } from '../../http/response';
import { changePassword as route } from '@hatchworks/shared/contracts/accounts';

const refused = (message: string) =>
  new ValidationError([{ field: 'current_password', message }], message);

/**
 * Changes the caller's password where it lives (the product or the user pool) after checking the
 * current one the way a sign-in does (same limits), and ends every session of the account: the
 * answer carries a fresh own token.
 */
export const handler = authHandler({
  route,
  handler: async ({ body, event, user }) => {
    const caller = await user();
    if (!toApiUser(caller).has_password) throw refused(ACCOUNT_MESSAGES.noPassword);
    const check = await passwordSignIn(
      caller.email,
      body.current_password,
      clientIp(event),
      userPoolPasswords(),
    );
    if (check.kind === 'throttled') {
      throw new RateLimitedError(
        `Too many wrong passwords. Try again in ${inMinutes(check.retryAfterSeconds)}.`,
        check.retryAfterSeconds,
      );
    }
    // The pool asks for a second step only after the password matched, and the caller is signed
    // in already: the current password is proven (as with Cognito's own ChangePassword).
    const proven = check.kind === 'signed-in' || check.kind === 'second-step';
    if (!proven || check.user.id !== caller.id) {
      throw refused(ACCOUNT_MESSAGES.wrongCurrentPassword);
    }
    const changed = await replacePassword(check.user, body.new_password);
    if (changed.kind === 'stale') throw new ConflictError();
    return withMessage<AuthResult>(
      { user: toApiUser(changed.user), token: await signOwnToken(changed.user) },
      ACCOUNT_MESSAGES.passwordChanged,
    );
  },
});
