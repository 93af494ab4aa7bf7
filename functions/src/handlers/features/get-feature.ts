import { type Feature } from '@hatchworks/shared/schemas/features';
import {
  getFeature,
  isFeatureVisibleTo,
  isPublicStatus,
  toApiFeature,
} from '../../modules/features/features-repository';
import { withCallerEggs } from '../../modules/features/caller-eggs';
import { NotFoundError } from '../../lib/errors';
import { authHandler } from '../../http/auth-handler';
import { getFeature as route } from '@hatchworks/shared/contracts/features';

export const handler = authHandler({
  route,
  handler: async ({ params, caller }): Promise<Feature> => {
    const [feature, { user }] = await Promise.all([getFeature(params.id), caller()]);
    if (!feature) throw new NotFoundError();
    // A merged request is shown to everyone: its page links to where it went. Pending and
    // rejected requests are shown to their author and to admins only.
    const shown =
      isPublicStatus(feature.status) ||
      feature.status === 'merged' ||
      (user !== undefined && isFeatureVisibleTo(feature, user));
    if (!shown) throw new NotFoundError();
    const [answer] = await withCallerEggs([toApiFeature(feature)], user?.id);
    if (!answer) throw new NotFoundError();
    return answer;
  },
});
