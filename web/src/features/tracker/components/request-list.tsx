import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { useTrackerRequestList } from '../api/list-requests';
import type { TrackerRequestFilter } from '../utils/request-filters';
import { RequestCard } from './request-card';
import { TrackerPagedList } from './tracker-paged-list';
import { ClipboardIcon, SearchIcon } from '../../../components/ui/icons';
import { SearchSummary } from '../../../components/ui/search-summary';
import { CLEAR_SEARCH, noMatchText } from '../../../lib/search-query';

/** The list's texts. */
export const REQUEST_LIST_TEXT = {
  heading: 'Feature requests',
  loading: 'Loading feature requests...',
  error: (message: string) => `Error loading feature requests: ${message}`,
  empty: 'No feature requests found.',
  emptyIcon: <ClipboardIcon />,
  emptyAction: 'Submit the first request!',
  loadMore: 'Load More Requests',
} as const;

interface RequestListProps {
  filter: TrackerRequestFilter;
  /** Opens the submit dialog from the empty state. */
  onSubmitFirst: () => void;
  /** Empties the search term, from the empty state of a search. */
  onClearSearch: () => void;
}

/**
 * The tracker requests of one filter, a page at a time: loading and error texts, the empty state
 * with 'Submit the first request!', and 'Load More Requests' while more pages remain. A search
 * lists by relevance, says how many it found, and its empty state offers 'Clear search'.
 */
export function RequestList({ filter, onSubmitFirst, onClearSearch }: RequestListProps) {
  const list = useTrackerRequestList(filter);
  const items = (list.data?.pages ?? []).flatMap((page) => page.feature_requests);
  const text = filter.q
    ? {
        ...REQUEST_LIST_TEXT,
        heading: 'Matching feature requests',
        empty: noMatchText('requests', filter.q),
        emptyIcon: <SearchIcon />,
        emptyAction: CLEAR_SEARCH,
      }
    : REQUEST_LIST_TEXT;
  return (
    <>
      <SearchSummary
        query={filter.q}
        shown={list.isPending ? null : items.length}
        more={list.hasNextPage}
        failed={list.isError && !list.isFetchNextPageError}
      />
      <TrackerPagedList
        className="request-list"
        text={text}
        list={list}
        items={items}
        viewKey={JSON.stringify(filter)}
        fallbackMessage={FALLBACK_MESSAGES.fetchFeatureRequests}
        onEmptyAction={filter.q ? onClearSearch : onSubmitFirst}
        renderItem={(request) => <RequestCard request={request} />}
      />
    </>
  );
}
