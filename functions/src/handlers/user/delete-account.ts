import { anonymiseAuthor } from '../../data/features-repository';
import { deleteUser } from '../../data/users-repository';
import { authHandler } from '../../middleware/auth-handler';

export const handler = authHandler({
  handler: async ({ user }) => {
    const caller = await user();
    await deleteUser(caller);
    // Feature requests keep a copy of the author's names; the deleted account's go with it.
    await anonymiseAuthor(caller.id);
    return { deleted: true };
  },
});
