import { useEffect, useId, useRef } from 'react';
import { LoadingState, Spinner } from '../../../components/ui/spinner';
import { useSuggestionList } from '../api/list-suggestions';
import type { SuggestionView } from '../utils/suggestion-view';
import { SuggestionCard } from './suggestion-card';

/** Spec 2: the list's loading text and its error prefix (as on the requests page). */
export const SUGGESTIONS_LOADING = 'Loading project suggestions...';
export const suggestionsError = (message: string) =>
  `Error loading project suggestions: ${message}`;

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
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  /** After 'Load More Suggestions', the index of the first card it adds, to move focus to. */
  const focusFrom = useRef<number | null>(null);
  const list = useSuggestionList(view);
  const suggestions = (list.data?.pages ?? []).flatMap((page) => page.suggestions);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = list;
  const shown = suggestions.length;

  // A page can come back empty with more behind it: fetch on rather than claim there are none.
  useEffect(() => {
    if (shown === 0 && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) {
      void fetchNextPage();
    }
  }, [shown, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  // The button may vanish with the last page: focus moves on to the first card it added.
  useEffect(() => {
    const index = focusFrom.current;
    if (index === null || isFetchingNextPage) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLElement>(':scope > li')[index]?.focus();
  }, [shown, isFetchingNextPage]);

  if (list.isPending || (shown === 0 && hasNextPage && !isFetchNextPageError)) {
    return <LoadingState label={SUGGESTIONS_LOADING} />;
  }

  // A failed next page keeps the pages already shown; any other failure replaces the list.
  if (list.isError && (!isFetchNextPageError || shown === 0)) {
    return (
      <div className="form-error suggestion-list__error" role="alert">
        <p>{suggestionsError(list.error.message)}</p>
        <button
          type="button"
          className="button button--secondary button--sm"
          onClick={() => void list.refetch()}
          disabled={list.isFetching}
        >
          {list.isFetching ? 'Trying again...' : 'Try Again'}
        </button>
      </div>
    );
  }

  if (shown === 0) {
    return (
      <div className="suggestion-list__empty">
        <div className="suggestion-list__empty-icon" aria-hidden="true">
          💡
        </div>
        <p>No project suggestions found.</p>
        <button type="button" className="button button--accent" onClick={onSuggest}>
          Suggest the first project!
        </button>
      </div>
    );
  }

  return (
    <>
      <h2 id={headingId} className="visually-hidden">
        Project suggestions
      </h2>
      <ul
        className="suggestion-list"
        aria-labelledby={headingId}
        aria-busy={list.isFetching}
        ref={listRef}
      >
        {suggestions.map((suggestion) => (
          <li key={suggestion.id} tabIndex={-1}>
            <SuggestionCard suggestion={suggestion} />
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <div className="suggestion-list__more">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              if (isFetchingNextPage) return;
              focusFrom.current = shown;
              void fetchNextPage();
            }}
            // Not `disabled`: a disabled button drops the keyboard focus to the page.
            aria-disabled={isFetchingNextPage || undefined}
          >
            {isFetchingNextPage ? (
              <>
                <Spinner size="sm" /> Loading...
              </>
            ) : (
              'Load More Suggestions'
            )}
          </button>
          {isFetchNextPageError ? (
            <p className="form-error" role="alert">
              {suggestionsError(list.error?.message ?? '')}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
