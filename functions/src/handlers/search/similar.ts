import { type SimilarList } from '@hatchworks/shared/schemas/search-similar';
import { authHandler } from '../../http/auth-handler';
import { similarItems } from '../../modules/search/search-lists';
import { searchSimilar as route } from '@hatchworks/shared/contracts/search';

/**
 * `GET /api/search/similar?type=&q=`: up to 5 existing requests like the title being
 * typed, for the create forms. Public; only statuses anyone may see.
 */
export const handler = authHandler({
  route,
  handler: async ({ query }): Promise<SimilarList> => ({
    items: await similarItems(query.type, query.q),
  }),
});
