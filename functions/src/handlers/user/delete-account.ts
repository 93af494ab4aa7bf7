import { deleteUser } from '../../data/users-repository';
import { authHandler } from '../../middleware/auth-handler';

export const handler = authHandler({
  handler: async ({ user }) => {
    await deleteUser(await user());
    return { deleted: true };
  },
});
