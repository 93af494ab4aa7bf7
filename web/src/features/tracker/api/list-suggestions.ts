import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { listProjectSuggestions } from '@hatchworks/shared/contracts/tracker';
import type { SearchMatch } from '@hatchworks/shared/schemas/search';
import type {
  ProjectSuggestion,
  SuggestionGroup,
  SuggestionSort,
} from '@hatchworks/shared/schemas/tracker';
import { api } from '../../../lib/api-client';
import { sortDirectionFor, type SuggestionView } from '../utils/suggestion-view';
import { trackerKeys } from './keys';

/** Suggestions per page; 'Load More Suggestions' asks for the next page of as many. */
export const SUGGESTION_PAGE_SIZE = 20;

/** One page of suggestions and the cursor of the next one (null on the last). */
export interface SuggestionPage {
  readonly suggestions: readonly ProjectSuggestion[];
  readonly next_cursor: string | null;
  /** With a search: 'some' when no suggestion has every word and these are the closest matches. */
  readonly match?: SearchMatch | undefined;
}

/** The API query of one view of the suggestions page (without the cursor). */
export interface SuggestionListQuery {
  readonly group: SuggestionGroup | undefined;
  readonly sort_by: SuggestionSort;
  readonly sort_direction: 'asc' | 'desc';
  readonly limit: number;
  /** With a term the API ranks by relevance and ignores the sort. */
  readonly q: string | undefined;
}

export function suggestionListQuery(view: SuggestionView): SuggestionListQuery {
  return {
    group: view.group ?? undefined,
    sort_by: view.sort,
    sort_direction: sortDirectionFor(view.sort),
    limit: SUGGESTION_PAGE_SIZE,
    q: view.q,
  };
}

/** `GET /api/tracker/project-suggestions`: one page of a view; `cursor` continues a list. */
export async function listSuggestions(
  query: SuggestionListQuery,
  cursor?: string,
  signal?: AbortSignal,
): Promise<SuggestionPage> {
  const envelope = await api(listProjectSuggestions, {
    query: { ...query, cursor },
    fallbackMessage: FALLBACK_MESSAGES.fetchProjectSuggestions,
    signal,
  });
  return {
    suggestions: envelope.data.project_suggestions,
    next_cursor: envelope.next_cursor,
    match: envelope.data.match,
  };
}

export const suggestionListQueryOptions = (view: SuggestionView) => {
  const query = suggestionListQuery(view);
  return infiniteQueryOptions({
    queryKey: trackerKeys.suggestionList({ ...query }),
    queryFn: ({ pageParam, signal }) => listSuggestions(query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
};

export function useSuggestionList(view: SuggestionView) {
  return useInfiniteQuery(suggestionListQueryOptions(view));
}
