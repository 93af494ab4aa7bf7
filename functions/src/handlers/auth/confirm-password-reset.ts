import { ACCOUNT_MESSAGES, type PasswordResetResult } from '@hatchworks/shared/schemas/users';
import { replacePassword } from '../../modules/accounts/account-passwords';
import { isLiveOneTimeToken } from '../../modules/accounts/credentials-repository';
import { proveEmail } from '../../modules/accounts/email-verification';
import {
  dropUnprovenIdentities,
  getUserById,
  toApiUser,
} from '../../modules/accounts/users-repository';
import { ValidationError } from '../../lib/errors';
import { personHashes } from '../../lib/identity-hash';
import { readToken } from '../../modules/accounts/one-time-token';
import { httpHandler } from '../../http/http-handler';
import { withMessage } from '../../http/response';
import { confirmPasswordReset as route } from '@hatchworks/shared/contracts/accounts';

const invalidLink = () =>
  new ValidationError(
    [{ field: 'token', message: ACCOUNT_MESSAGES.invalidResetLink }],
    ACCOUNT_MESSAGES.invalidResetLink,
  );

/**
 * Sets a new password with the mailed one-time link, where the account's password lives (the
 * product or the user pool), and ends every session of the account. The
 * link proves the mailbox, so an account whose email was not proven yet becomes verified (with
 * its welcome if still due): that is how the real owner takes back an address someone else
 * registered first. Hosted identities linked to the account while its email was unproven are
 * unlinked first: they were never proven to be the owner's.
 */
export const handler = httpHandler({
  route,
  handler: async ({ body }) => {
    const token = readToken(body.token);
    if (!token || !(await isLiveOneTimeToken(token.userId, 'reset-password', token.hash))) {
      throw invalidLink();
    }
    const found = await getUserById(token.userId);
    if (!found) throw invalidLink();
    // Identities linked while the address was unproven belong to whoever linked them, not
    // necessarily to the mailbox's owner who is resetting now.
    const unlinked = await dropUnprovenIdentities(found);
    const user = unlinked.is_verified
      ? unlinked
      : (await proveEmail(unlinked.id, await personHashes(unlinked)))?.user;
    if (!user) throw invalidLink();
    const reset = await replacePassword(user, body.password, { resetTokenHash: token.hash });
    if (reset.kind === 'stale') throw invalidLink();
    return withMessage<PasswordResetResult>(
      { user: toApiUser(reset.user) },
      ACCOUNT_MESSAGES.passwordReset,
    );
  },
});
