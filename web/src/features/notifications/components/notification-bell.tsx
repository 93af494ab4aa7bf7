import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormError } from '../../../components/ui/form-error';
import { LoadingState } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { formErrorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { useDisclosure } from '../../../lib/use-disclosure';
import {
  MARK_READ_FAILED,
  NOTIFICATIONS_FAILED,
  useMarkRead,
  useNotifications,
  useUnreadCount,
} from '../api/notifications';
import {
  groupNotifications,
  unreadIds,
  type NotificationGroup,
} from '../utils/notification-groups';
import { BellIcon } from './bell-icon';
import { NotificationRow } from './notification-row';
import './notifications.css';

/** Rows the bell's panel shows; "See all" opens the page with the rest. */
export const PANEL_ROWS = 6;

/** The accessible name of the bell: how many notifications are unread. */
export function bellLabel(count: number | undefined): string {
  if (!count) return 'Notifications';
  return `Notifications, ${count} unread`;
}

/**
 * The header's bell (signed-in only): a button with the unread count as a badge that opens a
 * panel of the latest notifications (grouped, unread marked) with "Mark all read" and "See all".
 * Enter or Space opens it, Tab walks through it, Esc or a click outside closes it (Esc gives focus
 * back to the bell). The count is asked for again when the window regains focus and every minute.
 */
export function NotificationBell() {
  const { status } = useSession();
  const unread = useUnreadCount();
  const { refetch } = unread;
  const signedIn = status === 'signed_in';
  const [open, setOpen] = useState(false);
  const list = useNotifications(signedIn && open);
  const markRead = useMarkRead();
  const toast = useToast();
  const panelId = useId();
  const titleId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const { buttonRef } = useDisclosure({
    open,
    close: () => setOpen(false),
    popoverRoot: wrapperRef,
  });
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
  const rows = groupNotifications(
    list.data?.pages.flatMap((page) => page.data.notifications) ?? [],
  ).slice(0, PANEL_ROWS);
  const openRow = (group: NotificationGroup) => {
    const ids = unreadIds(group);
    if (ids.length > 0) markRead.mutate({ ids });
    setOpen(false);
  };
  const markAll = () =>
    markRead.mutate(
      { all: true },
      { onSuccess: () => toast({ message: 'All notifications marked read' }) },
    );

  return (
    <div className="notification-bell-menu" ref={wrapperRef}>
      <button
        type="button"
        ref={buttonRef}
        className="notification-bell"
        aria-label={bellLabel(count)}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          // Below the header on a phone: the panel takes the screen's width under it.
          const bottom = wrapperRef.current?.closest('header')?.getBoundingClientRect().bottom;
          if (bottom !== undefined) {
            wrapperRef.current?.style.setProperty('--notification-panel-top', `${bottom}px`);
          }
          setOpen((was) => !was);
        }}
      >
        <BellIcon />
        {count > 0 ? (
          <span className="notification-bell__badge" aria-hidden="true">
            {shown}
          </span>
        ) : null}
      </button>
      <div
        id={panelId}
        className="notification-panel"
        role="region"
        aria-labelledby={titleId}
        hidden={!open}
      >
        <div className="notification-panel__header">
          <h2 id={titleId} className="notification-panel__title">
            Notifications
          </h2>
          <button
            type="button"
            className="button button--secondary button--sm"
            disabled={count === 0 || markRead.isPending}
            onClick={markAll}
          >
            Mark all read
          </button>
        </div>
        <FormError
          message={markRead.error ? formErrorMessage(markRead.error, MARK_READ_FAILED) : null}
        />
        {!open ? null : list.isPending ? (
          <LoadingState label="Loading notifications..." />
        ) : list.isError ? (
          <FormError message={formErrorMessage(list.error, NOTIFICATIONS_FAILED)} />
        ) : rows.length === 0 ? (
          <p className="notification-panel__empty">No notifications yet.</p>
        ) : (
          <ul className="notification-panel__list" aria-label="Latest notifications">
            {rows.map((group) => (
              <NotificationRow key={group.latest.id} group={group} onOpen={openRow} />
            ))}
          </ul>
        )}
        <Link
          to={paths.notifications.path}
          className="notification-panel__all"
          onClick={() => setOpen(false)}
        >
          See all notifications
        </Link>
      </div>
    </div>
  );
}
