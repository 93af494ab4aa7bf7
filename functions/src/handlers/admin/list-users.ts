import { PageQuerySchema } from '@hatchworks/shared/schemas/envelope';
import { listUsers, toApiUser } from '../../data/users-repository';
import { authHandler } from '../../middleware/auth-handler';
import { page } from '../../middleware/response';

export const handler = authHandler({
  query: PageQuerySchema,
  handler: async ({ query }) => {
    const result = await listUsers(query.limit, query.cursor);
    return page({ users: result.items.map((user) => toApiUser(user)) }, result.nextCursor);
  },
});
