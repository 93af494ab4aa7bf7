import { FeatureListQuerySchema, type FeatureList } from '@hatchworks/shared/schemas/features';
import { listFeatures } from '../../data/features-repository';
import { authHandler } from '../../middleware/auth-handler';
import { page } from '../../middleware/response';

export const handler = authHandler({
  query: FeatureListQuerySchema,
  handler: async ({ query, caller }) => {
    const { user } = await caller();
    const result = await listFeatures({
      status: query.status,
      projectId: query.project_id,
      isAdmin: user?.role === 'admin',
      limit: query.limit,
      cursor: query.cursor,
    });
    return page<FeatureList>({ features: result.items }, result.nextCursor);
  },
});
