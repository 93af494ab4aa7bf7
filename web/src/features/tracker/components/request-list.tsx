import { useEffect, useId, useRef } from 'react';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { LoadingState, Spinner } from '../../../components/ui/spinner';
import { useTrackerRequestList } from '../api/list-requests';
import type { TrackerRequestFilter } from '../utils/request-filters';
import { RequestCard } from './request-card';

/** Spec 2: the list's texts. */
export const REQUEST_LIST_TEXT = {
  loading: 'Loading feature requests...',
  error: (message: string) => `Error loading feature requests: ${message}`,
  empty: 'No feature requests found.',
  submitFirst: 'Submit the first request!',
  loadMore: 'Load More Requests',
} as const;

interface RequestListProps {
  filter: TrackerRequestFilter;
  /** Opens the submit dialog from the empty state. */
  onSubmitFirst: () => void;
}

/**
 * The tracker requests of one filter, a page at a time: loading and error texts, the empty state
 * with 'Submit the first request!', and 'Load More Requests' while more pages remain.
 */
export function RequestList({ filter, onSubmitFirst }: RequestListProps) {
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  /** After 'Load More Requests', the index of the first card it adds, to move focus to. */
  const focusFrom = useRef<number | null>(null);
  const list = useTrackerRequestList(filter);
  const requests = (list.data?.pages ?? []).flatMap((page) => page.feature_requests);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = list;

  // A page can come back empty with more behind it: fetch on rather than claim there are none.
  useEffect(() => {
    if (requests.length === 0 && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) {
      void fetchNextPage();
    }
  }, [requests.length, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  // The button may vanish with the last page: focus moves on to the first card it added.
  useEffect(() => {
    const index = focusFrom.current;
    if (index === null || isFetchingNextPage) return;
    // Settled: focus the first new card, or forget it when the page failed or added none.
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLElement>(':scope > li')[index]?.focus();
  }, [requests.length, isFetchingNextPage]);

  if (list.isPending || (requests.length === 0 && hasNextPage && !isFetchNextPageError)) {
    return <LoadingState label={REQUEST_LIST_TEXT.loading} />;
  }

  // A failed next page keeps the pages already shown; any other failure replaces the list.
  if (list.isError && (!isFetchNextPageError || requests.length === 0)) {
    return (
      <div className="form-error request-list__error" role="alert">
        <p>
          {REQUEST_LIST_TEXT.error(list.error.message || FALLBACK_MESSAGES.fetchFeatureRequests)}
        </p>
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

  if (requests.length === 0) {
    return (
      <div className="request-list__empty">
        <div className="request-list__empty-icon" aria-hidden="true">
          🗒️
        </div>
        <p className="request-list__empty-text">{REQUEST_LIST_TEXT.empty}</p>
        <button type="button" className="button button--accent" onClick={onSubmitFirst}>
          {REQUEST_LIST_TEXT.submitFirst}
        </button>
      </div>
    );
  }

  return (
    <>
      <h2 id={headingId} className="visually-hidden">
        Feature requests
      </h2>
      <ul className="request-list" aria-labelledby={headingId} ref={listRef}>
        {requests.map((request) => (
          <li key={request.id} tabIndex={-1}>
            <RequestCard request={request} />
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <div className="request-list__more">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              if (isFetchingNextPage) return;
              focusFrom.current = requests.length;
              void fetchNextPage();
            }}
            aria-disabled={isFetchingNextPage || undefined}
          >
            {isFetchingNextPage ? (
              <>
                <Spinner size="sm" /> Loading...
              </>
            ) : (
              REQUEST_LIST_TEXT.loadMore
            )}
          </button>
          {isFetchNextPageError ? (
            <p className="form-error" role="alert">
              {REQUEST_LIST_TEXT.error(
                list.error?.message || FALLBACK_MESSAGES.fetchFeatureRequests,
              )}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
