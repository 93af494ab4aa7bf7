import { PageQuerySchema } from '@hatchworks/shared/schemas/envelope';
import { listUsers, toApiUser } from '../../data/users-repository';
import { httpHandler } from '../../middleware/http-handler';
import { page } from '../../middleware/response';

export const handler = httpHandler({
  query: PageQuerySchema,
  handler: async ({ query }) => {
    const result = await listUsers(query.limit, query.cursor);
    return page({ users: result.items.map((user) => toApiUser(user)) }, result.nextCursor);
  },
});
