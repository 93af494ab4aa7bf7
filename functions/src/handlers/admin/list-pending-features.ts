import { type FeatureList } from '@hatchworks/shared/schemas/features';
import { listFeatures } from '../../modules/features/features-repository';
import { authHandler } from '../../http/auth-handler';
import { page } from '../../http/response';
import { listPendingFeatures as route } from '@hatchworks/shared/contracts/features';

export const handler = authHandler({
  route,
  handler: async ({ query }) => {
    const result = await listFeatures({
      status: 'pending',
      isAdmin: true,
      limit: query.limit,
      cursor: query.cursor,
    });
    return page<FeatureList>({ features: result.items }, result.nextCursor);
  },
});
