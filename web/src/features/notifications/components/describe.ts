import {
  NOTIFICATION_STATUS_LABELS,
  type Notification,
} from '@hatchworks/shared/schemas/notifications';
import { subjectPath } from '@hatchworks/shared/schemas/subjects';

/** The page of a notification's subject (detail pages of the features and the tracker). */
export const subjectHref = (subject: Notification['subject']): string =>
  subjectPath(subject.type, subject.id);

/** What happened, in a sentence (without the subject's title, shown as the link). */
export function describe(notification: Notification): string {
  const { details } = notification;
  const note = typeof details.note === 'string' && details.note ? ` Note: ${details.note}` : '';
  switch (notification.kind) {
    case 'status_changed': {
      const status = String(details.status ?? '');
      return `Status changed to ${NOTIFICATION_STATUS_LABELS[status] ?? status}.${note}`;
    }
    case 'announced':
      return typeof details.changelog_title === 'string'
        ? `Announced in the changelog: ${details.changelog_title}.`
        : 'Announced in the changelog.';
    case 'team_answer':
      return 'The team answered.';
    case 'feature_approved':
      return `Your feature request was approved.${note}`;
    case 'feature_rejected': {
      const refund = typeof details.refund === 'number' ? details.refund : 0;
      return `Your feature request was rejected.${note}${
        refund > 0 ? ` ${refund} eggs were refunded to you.` : ''
      }`;
    }
    case 'merged':
      return typeof details.into_title === 'string'
        ? `Merged into “${details.into_title}”; its votes moved there.`
        : 'Merged into another request; its votes moved there.';
    case 'unmerged':
      return typeof details.into_title === 'string'
        ? `Split out again from “${details.into_title}”; its votes are back.`
        : 'Split out again; its votes are back.';
    case 'reply':
      return `${String(details.author_name ?? 'Someone')} replied to your comment: “${String(details.excerpt ?? '')}”`;
    case 'mention':
      return `${String(details.author_name ?? 'Someone')} mentioned you: “${String(details.excerpt ?? '')}”`;
  }
}
