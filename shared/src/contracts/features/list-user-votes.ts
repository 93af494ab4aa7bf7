import type { RouteContract } from '../../contract';
import { PageQuerySchema } from '../../schemas/envelope';
import { UserIdParamsSchema, VoteListSchema } from '../../schemas/features';

export const listUserVotes = {
  id: 'ListUserVotes',
  method: 'GET',
  path: '/api/users/{id}/votes',
  access: 'user',
  params: UserIdParamsSchema,
  query: PageQuerySchema,
  data: VoteListSchema,
  page: true,
} as const satisfies RouteContract;
