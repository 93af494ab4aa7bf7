import { Link } from 'react-router-dom';
import type { TrackerFeatureRequest } from '@hatchworks/shared/schemas/tracker';
import { Badge } from '../../../components/ui/badge';
import { CardMeta } from '../../../components/ui/card-meta';
import { CommentCount } from '../../../components/ui/comment-count';
import { detailHref, paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { FILTER_PARAMS } from '../utils/request-filters';
import { TRACKER_STATUS_TONES } from '../utils/request-labels';
import { StatusControl } from './status-control';
import { StatusNote } from './status-note';
import { useTrackerRequest } from '../api/get-item';
import { TrackerCard, type TrackerPageKind } from './tracker-card';
import './request-card.css';

/** The requests page filtered to one project. */
function projectRequestsHref(projectId: string): string {
  const query = new URLSearchParams({ [FILTER_PARAMS.project]: projectId });
  return `${paths.trackerRequests.path}?${query.toString()}`;
}

/**
 * A tracker feature request (spec 2): the title, then one line with the status badge, the linked
 * project with its group, the priority, the category and the date; the description; the tags last.
 * The up and down votes with the count sit beside it. User text is shown as text, never as markup.
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
      className="request-card"
      readOnly={Boolean(request.merged_into)}
      target={{
        type: 'feature_request',
        id: request.id,
        votes: request.votes,
        myVote: request.my_vote,
      }}
      title={request.title}
      titleClassName="request-card__title"
      {...(onOwnPage
        ? { headingLevel: 'h1' as const }
        : { href: detailHref.trackerRequest(request.id) })}
    >
      <CardMeta>
        <li className="card-meta__status">
          <Badge tone={TRACKER_STATUS_TONES[request.status]}>
            <span className="visually-hidden">Status: </span>
            {request.status}
          </Badge>
        </li>
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
        <li className="request-card__comments">
          <CommentCount
            count={request.comment_count}
            href={detailHref.trackerRequest(request.id)}
          />
        </li>
      </CardMeta>

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

      <StatusNote status={request.status} note={request.status_note} />
      {request.merged_into ? null : (
        <StatusControl subjectType="tracker_request" id={request.id} status={request.status} />
      )}
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
