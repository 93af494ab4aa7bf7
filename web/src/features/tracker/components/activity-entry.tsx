import { Link } from 'react-router-dom';
import type { ActivityItem } from '@hatchworks/shared/schemas/tracker';
import { detailHref } from '../../../config/paths';
import {
  ACTIVITY_TYPE_LABELS,
  actionLabel,
  activityAuthor,
  activityTone,
} from '../utils/activity-labels';

/**
 * One entry of 'Recent Activity': a dot coloured by type and action, the title, the
 * project tag when there is one (the entry's one pill), the description, when and by whom, and
 * the type and action as words, so the colour is never the only cue.
 */
export function ActivityEntry({ item }: { item: ActivityItem }) {
  return (
    <article className={`activity-entry activity-entry--${activityTone(item)}`}>
      <span className="activity-entry__dot" aria-hidden="true" />
      <div className="activity-entry__body">
        <div className="activity-entry__heading">
          <h3 className="activity-entry__title">
            <Link
              to={
                item.reference_type === 'feature_request'
                  ? detailHref.trackerRequest(item.reference_id)
                  : detailHref.trackerSuggestion(item.reference_id)
              }
              className="activity-entry__link"
            >
              {item.title}
            </Link>
          </h3>
          {item.project ? (
            <span className="activity-entry__project">
              <span className="visually-hidden">Project: </span>
              {item.project.title}
            </span>
          ) : null}
        </div>
        {item.description ? (
          <p className="activity-entry__description">{item.description}</p>
        ) : null}
        <p className="activity-entry__meta">
          <time dateTime={item.created_at}>{item.created_at_relative}</time>
          <span>
            by <span className="activity-entry__author">{activityAuthor(item.user)}</span>
          </span>
          <span className="activity-entry__kind">
            <span className="activity-entry__label activity-entry__label--type">
              {ACTIVITY_TYPE_LABELS[item.type]}
            </span>
            <span aria-hidden="true"> · </span>
            <span className="activity-entry__label activity-entry__label--action">
              {actionLabel(item.action)}
            </span>
          </span>
        </p>
      </div>
    </article>
  );
}
