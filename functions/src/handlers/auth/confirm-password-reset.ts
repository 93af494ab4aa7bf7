import { ACCOUNT_MESSAGES, type PasswordResetResult } from '@hatchworks/shared/schemas/users';
import { isLiveOneTimeToken, setPassword } from '../../modules/accounts/credentials-repository';
import { proveEmail } from '../../modules/accounts/email-verification';
import {
  dropUnprovenIdentities,
  getUserById,
  toApiUser,
} from '../../modules/accounts/users-repository';
import { ValidationError } from '../../lib/errors';
import { personHashes } from '../../lib/identity-hash';
import { readToken } from '../../modules/accounts/one-time-token';
import { hashPassword } from '../../modules/accounts/passwords';
import { httpHandler } from '../../http/http-handler';
import { withMessage } from '../../http/response';
import { confirmPasswordReset as route } from '@hatchworks/shared/contracts/accounts';

const invalidLink = () =>
  new ValidationError(
    [{ field: 'token', message: ACCOUNT_MESSAGES.invalidResetLink }],
    ACCOUNT_MESSAGES.invalidResetLink,
  );

/**
 * Sets a new password with the mailed one-time link and revokes every earlier own token. The
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
    const hash = await hashPassword(body.password);
    // Identities linked while the address was unproven belong to whoever linked them, not
    // necessarily to the mailbox's owner who is resetting now.
    const unlinked = await dropUnprovenIdentities(found);
    const user = unlinked.is_verified
      ? unlinked
      : (await proveEmail(unlinked.id, await personHashes(unlinked)))?.user;
    if (!user) throw invalidLink();
    if ((await setPassword(user, hash, { resetTokenHash: token.hash })) === 'stale') {
      throw invalidLink();
    }
    const updated = { ...user, has_password: true, token_version: (user.token_version ?? 0) + 1 };
    return withMessage<PasswordResetResult>(
      { user: toApiUser(updated) },
      ACCOUNT_MESSAGES.passwordReset,
    );
  },
});
