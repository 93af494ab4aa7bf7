import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { detailHref, paths } from '../../../config/paths';
import { useToast } from '../../../components/ui/toast';
import { useLiveSearchParams } from '../../../lib/live-search-params';
import { focusSearchField } from '../../../lib/search-query';
import type { TrackerFeatureRequest } from '@hatchworks/shared/schemas/tracker';
import {
  matchesRequestFilter,
  parseRequestFilter,
  withRequestFilter,
  type TrackerRequestFilter,
} from '../utils/request-filters';
import { RequestFilters } from './request-filters';
import { VotableList } from '../../../components/votable/votable-list';
import { REQUEST_LIST } from './request-list';
import { RequestModal } from './request-modal';
import { TrackerPage } from './tracker-page';
import './requests-page.css';

/** Where a new request is to be found, when not in the list shown: '' when it is listed. */
function createdWhere(created: TrackerFeatureRequest, filter: TrackerRequestFilter): string {
  if (filter.q) return ' Clear the search to find it in the list.';
  return matchesRequestFilter(created, filter)
    ? ''
    : ' It does not match the current filters, so it is not listed below.';
}

/**
 * `/tracker/requests`: everyone may read, filter, sort, vote on and submit tracker feature
 * requests. The filters and the sort live in the URL, so a link reproduces the view.
 */
export function RequestsPage() {
  const { params, setParams, update } = useLiveSearchParams();
  const filter = parseRequestFilter(params);
  const [submitting, setSubmitting] = useState(false);
  const searchId = useId();
  const showToast = useToast();
  const navigate = useNavigate();

  // Each change starts from the address bar, not from this render's filter, which a quick second
  // change would find stale.
  const setFilter = (change: Partial<TrackerRequestFilter>) =>
    update((current) => withRequestFilter(current, { ...parseRequestFilter(current), ...change }));

  // A link with unknown values (a typo, an old link) shows "all" for them; the URL says so too.
  const canonical = withRequestFilter(params, filter).toString();
  useEffect(() => {
    if (canonical !== params.toString()) setParams(canonical, { replace: true });
  }, [canonical, params, setParams]);

  const clearSearch = () => {
    setFilter({ q: undefined });
    focusSearchField(searchId);
  };

  const openModal = () => setSubmitting(true);

  const onCreated = (created: TrackerFeatureRequest) =>
    showToast({
      message: `Thanks! Your request “${created.title}” was submitted.${createdWhere(created, filter)}`,
      action: { label: 'Open', onClick: () => navigate(detailHref.trackerRequest(created.id)) },
    });

  return (
    <TrackerPage
      className="requests-page"
      title={paths.trackerRequests.title}
      lede="Bugs to fix and features to build across the studio's projects. Vote up what matters to you, or submit your own."
      action="Submit Request"
      onAction={openModal}
      filters={<RequestFilters filter={filter} searchId={searchId} onChange={setFilter} />}
      list={
        <VotableList
          kind={REQUEST_LIST}
          view={filter}
          onCreate={openModal}
          onClearSearch={clearSearch}
        />
      }
      modal={
        submitting ? (
          <RequestModal
            onClose={() => setSubmitting(false)}
            onCreated={onCreated}
            onVotedInstead={(title) =>
              showToast({ message: `Thanks! Your vote on “${title}” was counted.` })
            }
            defaultProjectId={filter.project}
          />
        ) : null
      }
    />
  );
}
