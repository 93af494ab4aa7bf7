import { Link } from 'react-router-dom';
import type { TrackerFeatureRequest } from '@hatchworks/shared/schemas/tracker';
import { Badge } from '../../../components/ui/badge';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { FILTER_PARAMS } from '../utils/request-filters';
import {
  TRACKER_CATEGORY_TONES,
  TRACKER_PRIORITY_TONES,
  TRACKER_STATUS_TONES,
} from '../utils/request-labels';
import { TrackerCard } from './tracker-card';
import './request-card.css';

/** The requests page filtered to one project. */
function projectRequestsHref(projectId: string): string {
  const query = new URLSearchParams({ [FILTER_PARAMS.project]: projectId });
  return `${paths.trackerRequests.path}?${query.toString()}`;
}

/**
 * A tracker feature request (spec 2): title, description, up and down votes with the count, the
 * linked project with its group, status, priority, category, tags and date. User text is shown as
 * text, never as markup.
 */
export function RequestCard({ request }: { request: TrackerFeatureRequest }) {
  return (
    <TrackerCard
      className="request-card"
      target={{
        type: 'feature_request',
        id: request.id,
        votes: request.votes,
        myVote: request.my_vote,
      }}
      title={request.title}
      titleClassName="request-card__title"
      aside={
        <ul className="request-card__badges" aria-label="Details">
          <li>
            <Badge tone={TRACKER_STATUS_TONES[request.status]}>
              <span className="visually-hidden">Status: </span>
              {request.status}
            </Badge>
          </li>
          <li>
            <Badge tone={TRACKER_PRIORITY_TONES[request.priority]}>
              <span className="visually-hidden">Priority: </span>
              {request.priority}
            </Badge>
          </li>
          <li>
            <Badge tone={TRACKER_CATEGORY_TONES[request.category]}>
              <span className="visually-hidden">Category: </span>
              {request.category}
            </Badge>
          </li>
        </ul>
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

      <p className="request-card__meta">
        {request.project ? (
          <span className="request-card__project">
            <Link to={projectRequestsHref(request.project.id)}>
              <span className="visually-hidden">Project: </span>
              {request.project.title}
            </Link>
            <span className="request-card__group"> · {request.project.group_name}</span>
          </span>
        ) : null}
        <time className="request-card__date" dateTime={request.created_at}>
          {formatDate(request.created_at)}
        </time>
      </p>
    </TrackerCard>
  );
}
