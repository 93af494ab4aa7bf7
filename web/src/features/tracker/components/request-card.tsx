import { Link } from 'react-router-dom';
import type { TrackerFeatureRequest } from '@hatchworks/shared/schemas/tracker';
import { detailHref, paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { FILTER_PARAMS } from '../utils/request-filters';
import { useTrackerRequest } from '../api/get-item';
import {
  TrackerCard,
  TrackerStatusItem,
  type TrackerCardKind,
  type TrackerPageKind,
} from './tracker-card';
import './request-card.css';

/** The requests page filtered to one project. */
function projectRequestsHref(projectId: string): string {
  const query = new URLSearchParams({ [FILTER_PARAMS.project]: projectId });
  return `${paths.trackerRequests.path}?${query.toString()}`;
}

const REQUEST_CARD: TrackerCardKind = {
  className: 'request-card',
  titleClassName: 'request-card__title',
  voteType: 'feature_request',
  statusType: 'tracker_request',
  href: detailHref.trackerRequest,
};

/**
 * A tracker feature request: the title, then one line with the status badge, the linked project
 * with its group, the priority, the category and the date; the description; the tags last. The up
 * and down votes with the count sit beside it.
 */
export function RequestCard({
  request,
  onOwnPage = false,
}: {
  request: TrackerFeatureRequest;
  /** On the request's own page: its title is the page's h1 and links nowhere. */
  onOwnPage?: boolean;
}) {
  return (
    <TrackerCard
      kind={REQUEST_CARD}
      item={request}
      title={request.title}
      onOwnPage={onOwnPage}
      meta={
        <>
          <TrackerStatusItem status={request.status} />
          {request.project ? (
            <>
              <li className="request-card__project">
                <Link to={projectRequestsHref(request.project.id)}>
                  <span className="visually-hidden">Project: </span>
                  {request.project.title}
                </Link>
              </li>
              <li className="request-card__group">
                <span className="visually-hidden">Group: </span>
                {request.project.group_name}
              </li>
            </>
          ) : null}
          <li className="request-card__priority">
            <span
              className={`card-meta__dot card-meta__dot--${request.priority.toLowerCase()}`}
              aria-hidden="true"
            />
            {request.priority} priority
          </li>
          <li className="request-card__category">
            <span className="visually-hidden">Category: </span>
            {request.category}
          </li>
          <li>
            <time className="request-card__date" dateTime={request.created_at}>
              {formatDate(request.created_at)}
            </time>
          </li>
        </>
      }
    >
      <p className="request-card__description">{request.description}</p>

      {request.tags.length > 0 ? (
        <ul className="request-card__tags" aria-label="Tags">
          {request.tags.map((tag) => (
            <li key={tag} className="request-card__tag">
              #{tag}
            </li>
          ))}
        </ul>
      ) : null}
    </TrackerCard>
  );
}

/** A tracker request's own page. */
export const REQUEST_PAGE: TrackerPageKind<TrackerFeatureRequest> = {
  mergeType: 'feature_request',
  useItem: useTrackerRequest,
  title: (request) => request.title,
  card: (request) => <RequestCard request={request} onOwnPage />,
};
