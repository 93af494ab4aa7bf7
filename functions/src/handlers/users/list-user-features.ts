import { type FeatureList } from '@hatchworks/shared/schemas/features';
import {
  isPublicStatus,
  listUserFeatures,
  toApiFeature,
} from '../../modules/features/features-repository';
import { authHandler } from '../../http/auth-handler';
import { page } from '../../http/response';
import { listUserFeatures as route } from '@hatchworks/shared/contracts/features';

export const handler = authHandler({
  route,
  handler: async ({ params, query, user }) => {
    const caller = await user();
    // Pending and rejected requests are shown to their author and admins only; a page may
    // therefore hold fewer items than `limit` for anyone else.
    const seesAll = caller.id === params.id || caller.role === 'admin';
    const result = await listUserFeatures(params.id, query.limit, query.cursor);
    const features = result.items
      .filter((feature) => seesAll || isPublicStatus(feature.status))
      .map(toApiFeature);
    return page<FeatureList>({ features }, result.nextCursor);
  },
});
