import {
  NOTIFICATION_STATUS_LABELS,
  notificationSubjectPath,
  type Notification,
} from '@hatchworks/shared/schemas/notifications';

/** The page of a notification's subject (a request's own page, or the admins' webhooks page). */
export const subjectHref = (subject: Notification['subject']): string =>
  notificationSubjectPath(subject.type, subject.id);

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
    case 'webhook_disabled':
      return `${String(details.reason ?? 'Switched off after its deliveries failed')}. Switch it on again once its receiver answers.`;
  }
}
