import { deleteUser } from '../../data/users-repository';
import { httpHandler } from '../../middleware/http-handler';

export const handler = httpHandler({
  handler: async ({ user }) => {
    await deleteUser(await user());
    return { deleted: true };
  },
});
