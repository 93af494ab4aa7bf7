import { type FeatureList } from '@hatchworks/shared/schemas/features';
import { listFeatures } from '../../modules/features/features-repository';
import { withCallerEggs } from '../../modules/features/caller-eggs';
import { authHandler } from '../../http/auth-handler';
import { page } from '../../http/response';
import { searchFeatures } from '../../modules/search/search-lists';
import { listFeatures as route } from '@hatchworks/shared/contracts/features';

export const handler = authHandler({
  route,
  handler: async ({ query, caller }) => {
    const { user } = await caller();
    const options = {
      status: query.status,
      projectId: query.project_id,
      isAdmin: user?.role === 'admin',
      limit: query.limit,
      cursor: query.cursor,
    };
    // With `q`, ranked by relevance from the search index, under the same rules.
    if (query.q) {
      const found = await searchFeatures({ ...options, q: query.q });
      const features = await withCallerEggs(found.items, user?.id);
      return page<FeatureList>({ features, match: found.match }, found.nextCursor);
    }
    const result = await listFeatures(options);
    const features = await withCallerEggs(result.items, user?.id);
    return page<FeatureList>({ features }, result.nextCursor);
  },
});
