import {
  ProjectSuggestionListQuerySchema,
  type ProjectSuggestionList,
} from '@hatchworks/shared/schemas/tracker';
import { listSuggestions } from '../../data/tracker-suggestions-repository';
import { authHandler } from '../../middleware/auth-handler';
import { page } from '../../middleware/response';
import { withMyVotes } from './my-votes';

export const handler = authHandler({
  query: ProjectSuggestionListQuerySchema,
  handler: async ({ query, event, caller }) => {
    const result = await withMyVotes(
      event,
      caller,
      'project_suggestion',
      listSuggestions(
        query.group,
        query.sort_by,
        query.sort_direction === 'desc',
        query.limit,
        query.cursor,
      ),
    );
    return {
      ...page<ProjectSuggestionList>({ project_suggestions: result.items }, result.nextCursor),
      headers: result.headers,
    };
  },
});
