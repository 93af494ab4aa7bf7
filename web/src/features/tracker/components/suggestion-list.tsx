import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { useSuggestionList } from '../api/list-suggestions';
import type { SuggestionView } from '../utils/suggestion-view';
import { SuggestionCard } from './suggestion-card';
import { TrackerPagedList } from './tracker-paged-list';
import { LightbulbIcon } from '../../../components/ui/icons';

/** Spec 2: the list's texts (the loading text and error prefix as on the requests page). */
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
}

/**
 * The suggestions of one view: loading, the error with 'Try Again', the empty state, the cards
 * and 'Load More Suggestions' while the API has more pages.
 */
export function SuggestionList({ view, onSuggest }: SuggestionListProps) {
  const list = useSuggestionList(view);
  return (
    <TrackerPagedList
      className="suggestion-list"
      text={SUGGESTION_LIST_TEXT}
      list={list}
      items={(list.data?.pages ?? []).flatMap((page) => page.suggestions)}
      viewKey={JSON.stringify(view)}
      fallbackMessage={FALLBACK_MESSAGES.fetchProjectSuggestions}
      busyWhileFetching
      onEmptyAction={onSuggest}
      renderItem={(suggestion) => <SuggestionCard suggestion={suggestion} />}
    />
  );
}
