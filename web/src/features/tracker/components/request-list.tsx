import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import type { TrackerFeatureRequest } from '@hatchworks/shared/schemas/tracker';
import { ClipboardIcon } from '../../../components/ui/icons';
import type { VotableListKind } from '../../../components/votable/votable-list';
import { useTrackerRequestList } from '../api/list-requests';
import type { TrackerRequestFilter } from '../utils/request-filters';
import { RequestCard } from './request-card';

/** The tracker requests' list: its texts, its query by filter and its card. */
export const REQUEST_LIST: VotableListKind<TrackerRequestFilter, TrackerFeatureRequest> = {
  className: 'request-list',
  text: {
    heading: 'Tracker requests',
    loading: 'Loading feature requests...',
    error: (message) => `Error loading feature requests: ${message}`,
    empty: 'No feature requests found.',
    emptyIcon: <ClipboardIcon />,
    emptyAction: 'Submit the first request!',
    loadMore: 'Load More Requests',
  },
  matchingHeading: 'Matching feature requests',
  searchNoun: 'requests',
  fallbackMessage: FALLBACK_MESSAGES.fetchFeatureRequests,
  useItems: function useItems(filter) {
    const list = useTrackerRequestList(filter);
    const pages = list.data?.pages ?? [];
    return {
      list,
      items: pages.flatMap((page) => page.feature_requests),
      match: pages[0]?.match,
    };
  },
  renderItem: (request) => <RequestCard request={request} />,
};
