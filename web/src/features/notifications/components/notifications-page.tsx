import { DocumentTitle } from '../../../components/ui/document-title';
import { FormError } from '../../../components/ui/form-error';
import { LockIcon } from '../../../components/ui/icons';
import { LoadingState, Spinner } from '../../../components/ui/spinner';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useToast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { formErrorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import {
  MARK_READ_FAILED,
  NOTIFICATIONS_FAILED,
  useMarkRead,
  useNotifications,
  useUnreadCount,
} from '../api/notifications';
import { BellIcon } from './bell-icon';
import {
  groupNotifications,
  unreadIds,
  type NotificationGroup,
} from '../utils/notification-groups';
import { NotificationRow } from './notification-row';
import './notifications.css';

/** `/notifications`: what happened to the requests the person follows, newest first. */
export function NotificationsPage() {
  const { status, user, login, signInAvailable } = useSession();
  const signedIn = status === 'signed_in';
  const list = useNotifications(signedIn);
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  const toast = useToast();

  if (status === 'loading') {
    return (
      <div className="container page">
        <DocumentTitle title={paths.notifications.title} />
        <LoadingState label="Loading notifications..." />
      </div>
    );
  }
  if (!user) {
    return (
      <div className="container page">
        <DocumentTitle title={paths.notifications.title} />
        <StatusPanel
          eyebrow={paths.notifications.title}
          title="Sign in to see your notifications"
          icon={<LockIcon />}
          actions={
            signInAvailable ? (
              <button type="button" className="button button--primary" onClick={() => void login()}>
                Log In
              </button>
            ) : null
          }
        >
          <p>Notifications tell you when requests you follow change.</p>
        </StatusPanel>
      </div>
    );
  }

  const notifications = list.data?.pages.flatMap((page) => page.data.notifications) ?? [];
  const unreadCount = unread.data ?? list.data?.pages[0]?.data.unread_count ?? 0;
  const open = (group: NotificationGroup) => {
    const ids = unreadIds(group);
    if (ids.length > 0) markRead.mutate({ ids });
  };

  return (
    <div className="container page notifications">
      <DocumentTitle title={paths.notifications.title} />
      <div className="notifications__header">
        <h1 className="notifications__title">{paths.notifications.title}</h1>
        <button
          type="button"
          className="button button--secondary"
          disabled={unreadCount === 0 || markRead.isPending}
          onClick={() =>
            markRead.mutate(
              { all: true },
              { onSuccess: () => toast({ message: 'All notifications marked read' }) },
            )
          }
        >
          Mark all read
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {unreadCount === 0 ? 'No unread notifications' : `${unreadCount} unread`}
      </p>
      <FormError
        message={markRead.error ? formErrorMessage(markRead.error, MARK_READ_FAILED) : null}
      />
      {list.isPending ? (
        <LoadingState label="Loading notifications..." />
      ) : list.isError && notifications.length === 0 ? (
        <StatusPanel
          eyebrow={paths.notifications.title}
          title={NOTIFICATIONS_FAILED}
          tone="danger"
          headingLevel="h2"
          actions={
            <button
              type="button"
              className="button button--primary"
              onClick={() => void list.refetch()}
            >
              Try again
            </button>
          }
        >
          <p>{formErrorMessage(list.error, NOTIFICATIONS_FAILED)}</p>
        </StatusPanel>
      ) : notifications.length === 0 ? (
        <StatusPanel
          eyebrow={paths.notifications.title}
          title="No notifications yet"
          icon={<BellIcon size="2.5rem" />}
          headingLevel="h2"
        >
          <p>
            Vote on a request, comment on it or submit your own, and you will hear here when its
            status changes, when it ships and when the team answers.
          </p>
        </StatusPanel>
      ) : (
        <>
          <ul className="notifications__list" aria-label="Notifications">
            {groupNotifications(notifications).map((group) => (
              <NotificationRow key={group.latest.id} group={group} onOpen={open} />
            ))}
          </ul>
          {list.isFetchNextPageError ? (
            <FormError message={formErrorMessage(list.error, NOTIFICATIONS_FAILED)} />
          ) : null}
          {list.hasNextPage ? (
            <div className="notifications__more">
              <button
                type="button"
                className="button button--secondary"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {list.isFetchingNextPage ? <Spinner size="sm" /> : null} Load more
              </button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
