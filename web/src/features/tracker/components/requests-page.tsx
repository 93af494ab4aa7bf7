import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DocumentTitle } from '../../../components/ui/document-title';
import { paths } from '../../../config/paths';
import type { TrackerFeatureRequest } from '@hatchworks/shared/schemas/tracker';
import {
  matchesRequestFilter,
  parseRequestFilter,
  withRequestFilter,
  type TrackerRequestFilter,
} from '../utils/request-filters';
import { RequestFilters } from './request-filters';
import { RequestList } from './request-list';
import { RequestModal } from './request-modal';
import './requests-page.css';

/**
 * `/tracker/requests` (spec 2): everyone may read, filter, sort, vote on and submit tracker feature
 * requests. The filters and the sort live in the URL, so a link reproduces the view.
 */
export function RequestsPage() {
  const [params, setParams] = useSearchParams();
  const filter = parseRequestFilter(params);
  const [submitting, setSubmitting] = useState(false);
  const [created, setCreated] = useState<TrackerFeatureRequest | null>(null);

  // Each change replaces the history entry: Back leaves the page instead of undoing filters.
  const setFilter = (next: TrackerRequestFilter) =>
    setParams((current) => withRequestFilter(current, next), { replace: true });

  // A link with unknown values (a typo, an old link) shows "all" for them; the URL says so too.
  const canonical = withRequestFilter(params, filter).toString();
  useEffect(() => {
    if (canonical !== params.toString()) setParams(canonical, { replace: true });
  }, [canonical, params, setParams]);

  const openModal = () => {
    setCreated(null);
    setSubmitting(true);
  };

  return (
    <div className="container page requests-page">
      <DocumentTitle title={paths.trackerRequests.title} />
      <Link to={paths.tracker.path} className="back-link">
        <span aria-hidden="true">←</span> Back to Tracker
      </Link>
      <header className="requests-page__header">
        <div>
          <p className="eyebrow">Public tracker</p>
          <h1>{paths.trackerRequests.title}</h1>
          <p className="lede">
            Bugs to fix and features to build across the studio&apos;s projects. Vote up what
            matters to you, or submit your own.
          </p>
        </div>
        <button type="button" className="button button--accent" onClick={openModal}>
          Submit Request
        </button>
      </header>

      <RequestFilters filter={filter} onChange={setFilter} />

      {/* Present from the start, so screen readers announce what appears in it. */}
      <div className="requests-page__status" role="status">
        {created ? (
          <p className="requests-page__notice">
            Thanks! Your request “{created.title}” was submitted.
            {matchesRequestFilter(created, filter)
              ? null
              : ' It does not match the current filters, so it is not listed below.'}
          </p>
        ) : null}
      </div>

      <RequestList filter={filter} onSubmitFirst={openModal} />

      {submitting ? (
        <RequestModal
          onClose={() => setSubmitting(false)}
          onCreated={setCreated}
          defaultProjectId={filter.project}
        />
      ) : null}
    </div>
  );
}
