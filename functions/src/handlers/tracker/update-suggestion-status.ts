import {
  changeSuggestionStatus,
  type StatusChangeResult,
} from '../../modules/tracker/tracker-status';
import { authHandler } from '../../http/auth-handler';
import { updateProjectSuggestionStatus as route } from '@hatchworks/shared/contracts/tracker';

/** `PUT /api/tracker/project-suggestions/{id}/status` (admins). */
export const handler = authHandler({
  route,
  handler: async ({ params, body, user }): Promise<StatusChangeResult> =>
    changeSuggestionStatus(params.id, body, (await user()).id),
});
