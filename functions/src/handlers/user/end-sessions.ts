import { ACCOUNT_MESSAGES } from '@hatchworks/shared/schemas/users';
import { endAllSessions } from '../../modules/accounts/account-passwords';
import { ConflictError } from '../../lib/errors';
import { authHandler } from '../../http/auth-handler';
import { withMessage } from '../../http/response';
import { endSessions as route } from '@hatchworks/shared/contracts/accounts';

/**
 * "Sign out everywhere": every session of the account ends, this one included. Own tokens stop
 * at once (their version), hosted-login tokens too (issued before the end), and the hosted
 * login's refresh tokens are revoked (the user pool's) or refused (the local identity provider's).
 */
export const handler = authHandler({
  route,
  handler: async ({ user }) => {
    if ((await endAllSessions(await user())).kind === 'stale') throw new ConflictError();
    return withMessage({ ended: true }, ACCOUNT_MESSAGES.signedOutEverywhere);
  },
});
