import { type VoteList } from '@hatchworks/shared/schemas/features';
import { listUserVotes } from '../../modules/features/votes-repository';
import { authHandler } from '../../http/auth-handler';
import { page } from '../../http/response';
import { listUserVotes as route } from '@hatchworks/shared/contracts/features';

/** Votes only land on public features, so any signed-in user may see who backed what. */
export const handler = authHandler({
  route,
  handler: async ({ params, query }) => {
    const result = await listUserVotes(params.id, query.limit, query.cursor);
    return page<VoteList>({ votes: result.items }, result.nextCursor);
  },
});
