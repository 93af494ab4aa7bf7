import {
  TrackerIdParamsSchema,
  TrackerStatusChangeInputSchema,
} from '@hatchworks/shared/schemas/tracker-status';
import { changeTrackerRequestStatus, type StatusChangeResult } from '../../data/tracker-status';
import { authHandler } from '../../middleware/auth-handler';

/** `PUT /api/tracker/feature-requests/{id}/status` (admins): one transaction, see tracker-status. */
export const handler = authHandler({
  params: TrackerIdParamsSchema,
  body: TrackerStatusChangeInputSchema,
  handler: async ({ params, body, user }): Promise<StatusChangeResult> =>
    changeTrackerRequestStatus(params.id, body, (await user()).id),
});
