/**
 * What people follow, comment on, are told about and see closed by a changelog entry:
 * a feature request of /features, a tracker request or a project suggestion.
 */
export const SUBJECT_TYPES = ['feature', 'tracker_request', 'tracker_suggestion'] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

/** The site path of a subject's own page. */
export function subjectPath(type: SubjectType, id: string): string {
  const encoded = encodeURIComponent(id);
  switch (type) {
    case 'feature':
      return `/features/${encoded}`;
    case 'tracker_request':
      return `/tracker/requests/${encoded}`;
    case 'tracker_suggestion':
      return `/tracker/suggestions/${encoded}`;
  }
}

/** What a notification is about: a request people follow, or (admins) a webhook endpoint. */
export type NotificationSubjectType = SubjectType | 'webhook';

/** The admins' webhooks page, where a webhook's notification leads. */
export const WEBHOOKS_PAGE_PATH = '/projects/webhooks';

/** The site path a notification leads to: its request's page, or the webhooks page. */
export function notificationSubjectPath(type: NotificationSubjectType, id: string): string {
  return type === 'webhook' ? WEBHOOKS_PAGE_PATH : subjectPath(type, id);
}
