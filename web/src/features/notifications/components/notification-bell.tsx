import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useUnreadCount } from '../api/notifications';
import { BellIcon } from './bell-icon';
import './notifications.css';

/** The accessible name of the bell: how many notifications are unread. */
export function bellLabel(count: number | undefined): string {
  if (!count) return 'Notifications';
  return `Notifications, ${count} unread`;
}

/**
 * The header's bell (signed-in only): links to the notification list, with the unread count as a
 * badge. The count is asked for again when the window regains focus and every minute.
 */
export function NotificationBell() {
  const { status } = useSession();
  const unread = useUnreadCount();
  const { refetch } = unread;
  const signedIn = status === 'signed_in';
  // The query refreshes when the tab becomes visible again; coming back from another window
  // (the tab stayed visible) refreshes the count too.
  useEffect(() => {
    if (!signedIn) return;
    const onFocus = () => void refetch();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [signedIn, refetch]);
  if (status !== 'signed_in') return null;
  const count = unread.data ?? 0;
  const shown = count > 99 ? '99+' : String(count);
  return (
    <Link to={paths.notifications.path} className="notification-bell" aria-label={bellLabel(count)}>
      <BellIcon />
      {count > 0 ? (
        <span className="notification-bell__badge" aria-hidden="true">
          {shown}
        </span>
      ) : null}
    </Link>
  );
}
