import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { useTrackerRequestList } from '../api/list-requests';
import type { TrackerRequestFilter } from '../utils/request-filters';
import { RequestCard } from './request-card';
import { TrackerPagedList } from './tracker-paged-list';
import { ClipboardIcon } from '../../../components/ui/icons';

/** Spec 2: the list's texts. */
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
}

/**
 * The tracker requests of one filter, a page at a time: loading and error texts, the empty state
 * with 'Submit the first request!', and 'Load More Requests' while more pages remain.
 */
export function RequestList({ filter, onSubmitFirst }: RequestListProps) {
  const list = useTrackerRequestList(filter);
  return (
    <TrackerPagedList
      className="request-list"
      text={REQUEST_LIST_TEXT}
      list={list}
      items={(list.data?.pages ?? []).flatMap((page) => page.feature_requests)}
      viewKey={JSON.stringify(filter)}
      fallbackMessage={FALLBACK_MESSAGES.fetchFeatureRequests}
      onEmptyAction={onSubmitFirst}
      renderItem={(request) => <RequestCard request={request} />}
    />
  );
}
