import { deleteUser } from '../../modules/accounts/account-deletion';
import { anonymiseAuthor } from '../../modules/features/features-repository';
import { personHashes } from '../../lib/identity-hash';
import { authHandler } from '../../http/auth-handler';
import { deleteAccount as route } from '@hatchworks/shared/contracts/accounts';

export const handler = authHandler({
  route,
  handler: async ({ user }) => {
    const caller = await user();
    // The person items outlive the account: no second welcome, no second claim that day.
    await deleteUser(caller, await personHashes(caller));
    // Feature requests keep a copy of the author's names; the deleted account's go with it.
    await anonymiseAuthor(caller.id);
    return { deleted: true };
  },
});
