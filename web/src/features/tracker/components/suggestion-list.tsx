import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { useSuggestionList } from '../api/list-suggestions';
import type { SuggestionView } from '../utils/suggestion-view';
import { SuggestionCard } from './suggestion-card';
import { TrackerPagedList } from './tracker-paged-list';
import { LightbulbIcon, SearchIcon } from '../../../components/ui/icons';
import { SearchSummary } from '../../../components/ui/search-summary';
import { CLEAR_SEARCH, noMatchText } from '../../../lib/search-query';

/** The list's texts (the loading text and error prefix as on the requests page). */
export const SUGGESTION_LIST_TEXT = {
  heading: 'Project suggestions',
  loading: 'Loading project suggestions...',
  error: (message: string) => `Error loading project suggestions: ${message}`,
  empty: 'No project suggestions found.',
  emptyIcon: <LightbulbIcon />,
  emptyAction: 'Suggest the first project!',
  loadMore: 'Load More Suggestions',
} as const;

interface SuggestionListProps {
  view: SuggestionView;
  /** 'Suggest the first project!' opens the suggest modal. */
  onSuggest: () => void;
  /** Empties the search term, from the empty state of a search. */
  onClearSearch: () => void;
}

/**
 * The suggestions of one view: loading, the error with 'Try Again', the empty state, the cards
 * and 'Load More Suggestions' while the API has more pages. A search lists by
 * relevance, says how many it found, and its empty state offers 'Clear search'.
 */
export function SuggestionList({ view, onSuggest, onClearSearch }: SuggestionListProps) {
  const list = useSuggestionList(view);
  const items = (list.data?.pages ?? []).flatMap((page) => page.suggestions);
  const text = view.q
    ? {
        ...SUGGESTION_LIST_TEXT,
        heading: 'Matching project suggestions',
        empty: noMatchText('suggestions', view.q),
        emptyIcon: <SearchIcon />,
        emptyAction: CLEAR_SEARCH,
      }
    : SUGGESTION_LIST_TEXT;
  return (
    <>
      <SearchSummary
        query={view.q}
        shown={list.isPending ? null : items.length}
        more={list.hasNextPage}
        failed={list.isError && !list.isFetchNextPageError}
      />
      <TrackerPagedList
        className="suggestion-list"
        text={text}
        list={list}
        items={items}
        viewKey={JSON.stringify(view)}
        fallbackMessage={FALLBACK_MESSAGES.fetchProjectSuggestions}
        busyWhileFetching
        onEmptyAction={view.q ? onClearSearch : onSuggest}
        renderItem={(suggestion) => <SuggestionCard suggestion={suggestion} />}
      />
    </>
  );
}
