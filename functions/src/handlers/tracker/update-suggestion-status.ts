import {
  TrackerIdParamsSchema,
  TrackerStatusChangeInputSchema,
} from '@hatchworks/shared/schemas/tracker-status';
import { changeSuggestionStatus, type StatusChangeResult } from '../../data/tracker-status';
import { authHandler } from '../../middleware/auth-handler';

/** `PUT /api/tracker/project-suggestions/{id}/status` (admins). */
export const handler = authHandler({
  params: TrackerIdParamsSchema,
  body: TrackerStatusChangeInputSchema,
  handler: async ({ params, body, user }): Promise<StatusChangeResult> =>
    changeSuggestionStatus(params.id, body, (await user()).id),
});
