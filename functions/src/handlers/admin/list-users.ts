import { listUsers, toApiUser } from '../../modules/accounts/users-repository';
import { authHandler } from '../../http/auth-handler';
import { page } from '../../http/response';
import { listUsers as route } from '@hatchworks/shared/contracts/accounts';

export const handler = authHandler({
  route,
  handler: async ({ query }) => {
    const result = await listUsers(query.limit, query.cursor);
    return page({ users: result.items.map((user) => toApiUser(user)) }, result.nextCursor);
  },
});
