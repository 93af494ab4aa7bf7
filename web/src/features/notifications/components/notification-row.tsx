import { Link } from 'react-router-dom';
import { describe, subjectHref } from './describe';
import {
  exactTime,
  groupSummary,
  relativeTime,
  type NotificationGroup,
} from '../utils/notification-groups';

/** A relative time with the exact date and time beside it: "2 h ago · 28 Nov, 14:05". */
export function NotificationTime({ iso }: { iso: string }) {
  const exact = exactTime(iso);
  return (
    <time className="notification__time" dateTime={iso} title={exact}>
      {relativeTime(iso)} · {exact}
    </time>
  );
}

/**
 * One row of notifications (a group of the same event on the same subject reads as one: "3 new
 * replies to your comments"), unread marked; opening its link marks them all read.
 */
export function NotificationRow({
  group,
  onOpen,
}: {
  group: NotificationGroup;
  onOpen: (group: NotificationGroup) => void;
}) {
  const { latest } = group;
  const summary = groupSummary(group);
  return (
    <li className={`notification notification--${group.read ? 'read' : 'unread'}`}>
      <span className="notification__dot" aria-hidden="true" />
      <div className="notification__body">
        <Link
          to={subjectHref(latest.subject)}
          className="notification__link"
          onClick={() => onOpen(group)}
        >
          {latest.subject.title}
          {group.read ? null : <span className="visually-hidden"> (unread)</span>}
        </Link>
        {summary ? <p className="notification__summary">{summary}</p> : null}
        <p className="notification__text">
          {summary ? 'Latest: ' : null}
          {describe(latest)}
        </p>
        <NotificationTime iso={latest.created_at} />
      </div>
    </li>
  );
}
