import type { Notification } from '@hatchworks/shared/schemas/notifications';

const STATUS_LABELS: Readonly<Record<string, string>> = {
  open: 'Open',
  planned: 'Planned',
  in_progress: 'In progress',
  completed: 'Completed',
  closed: 'Closed',
  approved: 'Approved',
};

/** The page of a notification's subject (detail pages of the features and the tracker). */
export function subjectHref(subject: Notification['subject']): string {
  const id = encodeURIComponent(subject.id);
  switch (subject.type) {
    case 'feature':
      return `/features/${id}`;
    case 'tracker_request':
      return `/tracker/requests/${id}`;
    case 'tracker_suggestion':
      return `/tracker/suggestions/${id}`;
  }
}

/** What happened, in a sentence (without the subject's title, shown as the link). */
export function describe(notification: Notification): string {
  const { details } = notification;
  const note = typeof details.note === 'string' && details.note ? ` Note: ${details.note}` : '';
  switch (notification.kind) {
    case 'status_changed': {
      const status = String(details.status ?? '');
      return `Status changed to ${STATUS_LABELS[status] ?? status}.${note}`;
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
  }
}
