import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { LoadingState, Spinner } from '../ui/spinner';
import { useStableOrder } from '../../lib/stable-order';

/** The texts of one paged list. */
export interface PagedListText {
  /** The hidden heading that names the list. */
  heading: string;
  loading: string;
  /** The error line, from the failure's message. */
  error: (message: string) => string;
  empty: string;
  /** The decorative icon of the empty state. */
  emptyIcon: ReactNode;
  /** The empty state's button, which opens the submit dialog. */
  emptyAction: string;
  loadMore: string;
}

interface PagedListProps<Item extends { id: string }> {
  /** The list's own class beside 'tracker-list', e.g. 'request-list'; its parts get theirs too. */
  className: string;
  text: PagedListText;
  /** The infinite query, and the items of the pages it has fetched so far. */
  list: Pick<
    UseInfiniteQueryResult<unknown>,
    | 'isPending'
    | 'isError'
    | 'error'
    | 'isFetching'
    | 'refetch'
    | 'hasNextPage'
    | 'isFetchingNextPage'
    | 'fetchNextPage'
    | 'isFetchNextPageError'
  >;
  items: readonly Item[];
  /**
   * Names what the list shows (e.g. the filter): while it stays the same, items keep the order
   * they were first shown in, so a vote does not move a card from under the pointer.
   */
  viewKey: string;
  /** The message when the failure carries none. */
  fallbackMessage: string;
  /** Marks the list busy while any page loads. */
  busyWhileFetching?: boolean;
  /** The empty state's button. */
  onEmptyAction: () => void;
  renderItem: (item: Item) => ReactNode;
}

/**
 * A list of votable items, a page at a time: the loading text, the error with 'Try Again', the
 * empty state with its button, the items, and 'Load More ...' while more pages remain. An empty
 * page with more behind it fetches on; after 'Load More' the focus moves to the first item added.
 * Reloads of the same view (e.g. after a vote) update the items in place without re-sorting them.
 */
export function PagedList<Item extends { id: string }>({
  className,
  text,
  list,
  items: answered,
  viewKey,
  fallbackMessage,
  busyWhileFetching = false,
  onEmptyAction,
  renderItem,
}: PagedListProps<Item>) {
  const headingId = useId();
  const items = useStableOrder(answered, viewKey);
  const listRef = useRef<HTMLUListElement>(null);
  /** After 'Load More', the index of the first item it adds, to move focus to. */
  const focusFrom = useRef<number | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = list;
  const shown = items.length;
  /** A part's shared class and this list's own, e.g. 'tracker-list__more request-list__more'. */
  const classes = (part = '') => `tracker-list${part} ${className}${part}`;

  // A page can come back empty with more behind it: fetch on rather than claim there are none.
  useEffect(() => {
    if (shown === 0 && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) {
      void fetchNextPage();
    }
  }, [shown, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  // The button may vanish with the last page: focus moves on to the first item it added.
  useEffect(() => {
    const index = focusFrom.current;
    if (index === null || isFetchingNextPage) return;
    // Settled: focus the first new item, or forget it when the page failed or added none.
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLElement>(':scope > li')[index]?.focus();
  }, [shown, isFetchingNextPage]);

  if (list.isPending || (shown === 0 && hasNextPage && !isFetchNextPageError)) {
    return <LoadingState label={text.loading} />;
  }

  const errorText = text.error(list.error?.message || fallbackMessage);

  // A failed next page keeps the pages already shown; any other failure replaces the list.
  if (list.isError && (!isFetchNextPageError || shown === 0)) {
    return (
      <div className={`form-error ${classes('__error')}`} role="alert">
        <p>{errorText}</p>
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
      <div className={classes('__empty')}>
        <div className={classes('__empty-icon')} aria-hidden="true">
          {text.emptyIcon}
        </div>
        <p className={classes('__empty-text')}>{text.empty}</p>
        <button type="button" className="button button--accent" onClick={onEmptyAction}>
          {text.emptyAction}
        </button>
      </div>
    );
  }

  return (
    <>
      <h2 id={headingId} className="visually-hidden">
        {text.heading}
      </h2>
      <ul
        className={classes()}
        aria-labelledby={headingId}
        aria-busy={busyWhileFetching ? list.isFetching : undefined}
        ref={listRef}
      >
        {items.map((item) => (
          <li key={item.id} tabIndex={-1}>
            {renderItem(item)}
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <div className={classes('__more')}>
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
              text.loadMore
            )}
          </button>
          {isFetchNextPageError ? (
            <p className="form-error" role="alert">
              {errorText}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
