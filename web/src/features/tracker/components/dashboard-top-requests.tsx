import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { TrackerFeatureRequest } from '@hatchworks/shared/schemas/tracker';
import { paths } from '../../../config/paths';
import { RequestCard } from './request-card';

interface DashboardTopRequestsProps {
  requests: readonly TrackerFeatureRequest[];
  /** 'View All' target: the requests page, on the project when exactly one is selected. */
  viewAllHref: string;
  updating: boolean;
}

/** 'Most Voted Requests': the top three of the selection, or the invitation to submit. */
export function DashboardTopRequests({
  requests,
  viewAllHref,
  updating,
}: DashboardTopRequestsProps) {
  const headingId = useId();
  return (
    <section
      className="dashboard-top-requests card dashboard-panel"
      aria-labelledby={headingId}
      aria-busy={updating}
    >
      <header className="dashboard-panel__header">
        <h2 id={headingId} className="dashboard-panel__title">
          Most Voted Requests
        </h2>
        <Link to={viewAllHref} className="dashboard-panel__link">
          View All
        </Link>
      </header>
      {requests.length === 0 ? (
        <div className="dashboard-panel__empty">
          <p>No feature requests yet.</p>
          <Link to={paths.trackerRequests.path}>Be the first to submit one!</Link>
        </div>
      ) : (
        <ul className="dashboard-top-requests__list" aria-labelledby={headingId}>
          {requests.map((request) => (
            <li key={request.id}>
              <RequestCard request={request} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
