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
