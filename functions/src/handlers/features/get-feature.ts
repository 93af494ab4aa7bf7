import { type Feature } from '@hatchworks/shared/schemas/features';
import {
  getFeature,
  isFeatureVisibleTo,
  isPublicStatus,
  toApiFeature,
} from '../../modules/features/features-repository';
import { NotFoundError } from '../../lib/errors';
import { authHandler } from '../../http/auth-handler';
import { getFeature as route } from '@hatchworks/shared/contracts/features';

export const handler = authHandler({
  route,
  handler: async ({ params, caller }): Promise<Feature> => {
    const feature = await getFeature(params.id);
    if (!feature) throw new NotFoundError();
    // A merged request is shown to everyone: its page links to where it went.
    if (!isPublicStatus(feature.status) && feature.status !== 'merged') {
      // Pending and rejected requests are shown to their author and to admins only.
      const { user } = await caller();
      if (!user || !isFeatureVisibleTo(feature, user)) throw new NotFoundError();
    }
    return toApiFeature(feature);
  },
});
