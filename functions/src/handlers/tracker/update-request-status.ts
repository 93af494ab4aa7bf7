import {
  changeTrackerRequestStatus,
  type StatusChangeResult,
} from '../../modules/tracker/tracker-status';
import { authHandler } from '../../http/auth-handler';
import { updateTrackerRequestStatus as route } from '@hatchworks/shared/contracts/tracker';

/** `PUT /api/tracker/feature-requests/{id}/status` (admins): one transaction, see tracker-status. */
export const handler = authHandler({
  route,
  handler: async ({ params, body, user }): Promise<StatusChangeResult> =>
    changeTrackerRequestStatus(params.id, body, (await user()).id),
});
