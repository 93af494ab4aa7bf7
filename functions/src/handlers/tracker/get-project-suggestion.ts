import { type ProjectSuggestion } from '@hatchworks/shared/schemas/tracker';
import {
  toSuggestion,
  trackerSuggestionTarget,
} from '../../modules/tracker/tracker-suggestions-repository';
import { getRecord } from '../../modules/tracker/tracker-views';
import { NotFoundError } from '../../lib/errors';
import { authHandler } from '../../http/auth-handler';
import type { HandlerResult } from '../../http/response';
import { withMyVotes } from './my-votes';
import { getProjectSuggestion as route } from '@hatchworks/shared/contracts/tracker';

/** `GET /api/tracker/project-suggestions/{id}`: one suggestion with the reader's vote. */
export const handler = authHandler({
  route,
  handler: async ({ params, event, caller }): Promise<HandlerResult<ProjectSuggestion>> => {
    const found = await getRecord(trackerSuggestionTarget, params.id);
    if (!found) throw new NotFoundError();
    const suggestion = toSuggestion(found as unknown as Record<string, unknown>);
    const result = await withMyVotes(
      event,
      caller,
      'project_suggestion',
      Promise.resolve({ items: [suggestion], nextCursor: null }),
    );
    const [item] = result.items;
    if (!item) throw new NotFoundError();
    return { kind: 'result', status: 200, data: item, headers: result.headers };
  },
});
