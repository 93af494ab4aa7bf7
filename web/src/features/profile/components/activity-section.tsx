import { useCallback, useState, type ReactNode } from 'react';
import { LoadingState } from '../../../components/ui/spinner';

interface ActivitySectionProps {
  id: string;
  title: string;
  children: ReactNode;
}

/** One card of the profile's activity: a titled region the headings outline can reach. */
export function ActivitySection({ id, title, children }: ActivitySectionProps) {
  return (
    <section className="card activity" aria-labelledby={id}>
      <h2 id={id} className="activity__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The subset of an infinite query the activity lists read. */
export interface ActivityQuery {
  readonly isPending: boolean;
  readonly isError: boolean;
  readonly isFetching: boolean;
  readonly isFetchNextPageError: boolean;
  readonly isRefetchError: boolean;
  readonly isFetchingNextPage: boolean;
  readonly hasNextPage: boolean;
  readonly error: Error | null;
  refetch(): Promise<unknown>;
  fetchNextPage(): Promise<{ readonly isError: boolean }>;
}

interface ActivityStatusProps {
  query: ActivityQuery;
  loadingLabel: string;
  failedMessage: string;
  /** Shown when the list has loaded; the list itself. */
  children: ReactNode;
}

/** Loading, failed (with 'Try Again') or the loaded list, the same way in every section. */
export function ActivityStatus({
  query,
  loadingLabel,
  failedMessage,
  children,
}: ActivityStatusProps) {
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  const error = (
    <ActivityError
      message={query.error?.message || failedMessage}
      retrying={query.isFetching}
      onRetry={() => void query.refetch()}
    />
  );
  // A failed first load has nothing to show; a failed reload keeps what was shown.
  if (query.isError && !query.isFetchNextPageError && !query.isRefetchError) return error;
  return (
    <>
      {query.isRefetchError ? error : null}
      {children}
    </>
  );
}

interface ActivityErrorProps {
  message: string;
  retrying: boolean;
  onRetry: () => void;
}

export function ActivityError({ message, retrying, onRetry }: ActivityErrorProps) {
  return (
    <div className="form-error activity__error" role="alert">
      <p>Error: {message}</p>
      <button
        type="button"
        className="button button--secondary button--sm"
        onClick={onRetry}
        disabled={retrying}
      >
        {retrying ? 'Retrying...' : 'Try Again'}
      </button>
    </div>
  );
}

/**
 * 'Load more' of a list: fetches the next page, then moves focus to the first item it brought,
 * so a keyboard user carries on where the list grew (the button may be gone by then).
 * `itemCount` is the number of items shown now.
 */
export function useLoadMore(query: ActivityQuery, itemCount: number) {
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  // Stable, so the item is focused once when it gets the ref, not again on every render.
  const focusOnAttach = useCallback((element: HTMLElement | null) => element?.focus(), []);

  const loadMore = useCallback(() => {
    const firstNew = itemCount;
    void query.fetchNextPage().then((result) => {
      if (!result.isError) setFocusIndex(firstNew);
    });
  }, [itemCount, query]);

  /** Props for item `index`: the first item of the last page loaded takes focus. */
  const itemProps = (index: number) =>
    index === focusIndex ? { ref: focusOnAttach, tabIndex: -1 } : {};

  return { loadMore, itemProps };
}

interface LoadMoreProps {
  query: ActivityQuery;
  onLoadMore: () => void;
  failedMessage: string;
  /** What the button adds, for screen readers: 'Load more egg history'. */
  label: string;
}

/** The 'Load more' button under a list, and the failure of loading the next page. */
export function LoadMore({ query, onLoadMore, failedMessage, label }: LoadMoreProps) {
  return (
    <>
      {query.isFetchNextPageError ? (
        <ActivityError
          message={query.error?.message || failedMessage}
          retrying={query.isFetchingNextPage}
          onRetry={onLoadMore}
        />
      ) : null}
      {query.hasNextPage && !query.isFetchNextPageError ? (
        <div className="activity__more">
          <button
            type="button"
            className="button button--secondary"
            onClick={onLoadMore}
            disabled={query.isFetchingNextPage}
            aria-label={query.isFetchingNextPage ? undefined : label}
          >
            {query.isFetchingNextPage ? 'Loading more...' : 'Load more'}
          </button>
        </div>
      ) : null}
    </>
  );
}
