import { type ProjectSuggestionList } from '@hatchworks/shared/schemas/tracker';
import { listSuggestions } from '../../modules/tracker/tracker-suggestions-repository';
import { authHandler } from '../../http/auth-handler';
import { page } from '../../http/response';
import { searchSuggestions } from '../../modules/search/search-lists';
import { withMyVotes } from './my-votes';
import { listProjectSuggestions as route } from '@hatchworks/shared/contracts/tracker';

export const handler = authHandler({
  route,
  handler: async ({ query, event, caller }) => {
    // With `q`, ranked by relevance from the search index (the sort is ignored).
    const search = query.q
      ? searchSuggestions(query.group, query.q, query.limit, query.cursor)
      : undefined;
    const result = await withMyVotes(
      event,
      caller,
      'project_suggestion',
      search ??
        listSuggestions(
          query.group,
          query.sort_by,
          query.sort_direction === 'desc',
          query.limit,
          query.cursor,
        ),
    );
    const match = (await search)?.match;
    return {
      ...page<ProjectSuggestionList>(
        { project_suggestions: result.items, ...(match ? { match } : {}) },
        result.nextCursor,
      ),
      headers: result.headers,
    };
  },
});
