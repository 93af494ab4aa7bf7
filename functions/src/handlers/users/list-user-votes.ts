import { PageQuerySchema } from '@hatchworks/shared/schemas/envelope';
import { UserIdParamsSchema, type VoteList } from '@hatchworks/shared/schemas/features';
import { listUserVotes } from '../../data/votes-repository';
import { authHandler } from '../../middleware/auth-handler';
import { page } from '../../middleware/response';

/** Votes only land on public features, so any signed-in user may see who backed what. */
export const handler = authHandler({
  params: UserIdParamsSchema,
  query: PageQuerySchema,
  handler: async ({ params, query }) => {
    const result = await listUserVotes(params.id, query.limit, query.cursor);
    return page<VoteList>({ votes: result.items }, result.nextCursor);
  },
});
