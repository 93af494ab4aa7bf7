import { ACCOUNT_MESSAGES } from '@hatchworks/shared/schemas/users';
import { endSessions } from '../../modules/accounts/credentials-repository';
import { ConflictError } from '../../lib/errors';
import { authHandler } from '../../http/auth-handler';
import { withMessage } from '../../http/response';
import { endSessions as route } from '@hatchworks/shared/contracts/accounts';

/**
 * "Sign out everywhere": every session of the account ends, this one included. Own tokens stop
 * at once (their version), hosted-login tokens too (issued before the end), and the hosted
 * login's sessions and refresh tokens are refused from then on.
 */
export const handler = authHandler({
  route,
  handler: async ({ user }) => {
    if ((await endSessions(await user())) === 'stale') throw new ConflictError();
    return withMessage({ ended: true }, ACCOUNT_MESSAGES.signedOutEverywhere);
  },
});
