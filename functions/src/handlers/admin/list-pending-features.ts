import * as z from '@hatchworks/shared/zod';
import { FeatureListQuerySchema, type FeatureList } from '@hatchworks/shared/schemas/features';
import { listFeatures } from '../../data/features-repository';
import { authHandler } from '../../middleware/auth-handler';
import { page } from '../../middleware/response';

export const handler = authHandler({
  query: z.omit(FeatureListQuerySchema, { status: true }),
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
