import {
  NOTIFICATION_READ_MAX_IDS,
  type Notification,
  type NotificationKind,
} from '@hatchworks/shared/schemas/notifications';

/** Notifications of the same kind on the same subject, next to each other in the list. */
export interface NotificationGroup {
  /** The newest of them (its id keys the group). */
  readonly latest: Notification;
  /** All of them, newest first. */
  readonly items: readonly Notification[];
  readonly read: boolean;
}

/**
 * Groups a newest-first list: a notification joins the group before it when both tell the same
 * kind of event on the same subject, so "3 replies to your comments on …" is one row.
 */
export function groupNotifications(list: readonly Notification[]): NotificationGroup[] {
  const groups: Notification[][] = [];
  for (const notification of list) {
    const last = groups.at(-1);
    const head = last?.[0];
    if (
      last &&
      head &&
      head.kind === notification.kind &&
      head.subject.type === notification.subject.type &&
      head.subject.id === notification.subject.id
    ) {
      last.push(notification);
    } else {
      groups.push([notification]);
    }
  }
  return groups.map((items) => ({
    latest: items[0]!,
    items,
    read: items.every((each) => each.read),
  }));
}

const GROUP_NOUNS: Readonly<Record<NotificationKind, string>> = {
  status_changed: 'status changes',
  announced: 'changelog announcements',
  team_answer: 'Team answers',
  feature_approved: 'approvals',
  feature_rejected: 'rejections',
  merged: 'merges',
  unmerged: 'undone merges',
  reply: 'new replies to your comments',
  mention: 'new mentions of you',
  webhook_disabled: 'webhooks switched off',
};

/** What a group of several says before its latest: "3 new replies to your comments". */
export const groupSummary = (group: NotificationGroup): string | null =>
  group.items.length > 1 ? `${group.items.length} ${GROUP_NOUNS[group.latest.kind]}` : null;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago, in short: "just now", "5 min ago", "2 h ago", "3 d ago". */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  return `${Math.floor(elapsed / DAY)} d ago`;
}

/** The exact local date and time: "28 Nov, 14:05" (the year when it is not this one). */
export function exactTime(iso: string, now: number = Date.now()): string {
  const date = new Date(iso);
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  return date.toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** The unread ids of a group, as many as one mark-read request takes. */
export const unreadIds = (group: NotificationGroup): string[] =>
  group.items
    .filter((each) => !each.read)
    .map((each) => each.id)
    .slice(0, NOTIFICATION_READ_MAX_IDS);
