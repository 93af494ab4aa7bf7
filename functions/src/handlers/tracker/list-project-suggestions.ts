import {
  ProjectSuggestionListQuerySchema,
  type ProjectSuggestionList,
} from '@hatchworks/shared/schemas/tracker';
import { listSuggestions } from '../../data/tracker-suggestions-repository';
import { votesOf } from '../../data/tracker-votes-repository';
import { authHandler } from '../../middleware/auth-handler';
import { page } from '../../middleware/response';
import { findVoter } from './voter';

export const handler = authHandler({
  query: ProjectSuggestionListQuerySchema,
  handler: async ({ query, event, caller }) => {
    const [result, voter] = await Promise.all([
      listSuggestions(
        query.group,
        query.sort_by,
        query.sort_direction === 'desc',
        query.limit,
        query.cursor,
      ),
      findVoter(event, caller, false),
    ]);
    const mine = voter
      ? await votesOf(
          voter.id,
          'project_suggestion',
          result.items.map((item) => item.id),
        )
      : new Map();
    return page<ProjectSuggestionList>(
      {
        project_suggestions: result.items.map((item) => ({
          ...item,
          my_vote: mine.get(item.id) ?? null,
        })),
      },
      result.nextCursor,
    );
  },
});
