import { subjectPath, WEBHOOKS_PAGE_PATH } from '@hatchworks/shared/schemas/subjects';

/**
 * Every client route (and the account pages the mailed links open) with the name its
 * page is known by (document title, headings,
 * navigation). Routes, links and titles all read from here.
 */
export const paths = {
  home: { path: '/', title: 'Projects' },
  tracker: { path: '/tracker', title: 'Tracker' },
  trackerRequests: { path: '/tracker/requests', title: 'Tracker Requests' },
  trackerSuggestions: { path: '/tracker/suggestions', title: 'Project Suggestions' },
  features: { path: '/features', title: 'Feature Request System' },
  about: { path: '/about', title: 'About' },
  profile: { path: '/profile', title: 'Profile' },
  projects: { path: '/projects', title: 'Manage Projects' },
  webhooks: { path: WEBHOOKS_PAGE_PATH, title: 'Webhooks' },
  featureRequests: { path: '/feature-requests', title: 'Project Features' },
  verifyEmail: { path: '/verify-email', title: 'Verify Email' },
  resetPassword: { path: '/reset-password', title: 'Reset Password' },
  authCallback: { path: '/auth/callback', title: 'Signing in' },
  authSilentRenew: { path: '/auth/silent-renew', title: 'Signing in' },
  // Comments (the detail pages of each subject)
  featureDetail: { path: '/features/:id', title: 'Feature Request' },
  trackerRequestDetail: { path: '/tracker/requests/:id', title: 'Tracker Request' },
  trackerSuggestionDetail: { path: '/tracker/suggestions/:id', title: 'Project Suggestion' },
  changelog: { path: '/changelog', title: 'Changelog' },
  roadmap: { path: '/roadmap', title: 'Roadmap' },
  // Notify
  notifications: { path: '/notifications', title: 'Notifications' },
  unsubscribe: { path: '/unsubscribe', title: 'Unsubscribe' },
} as const;

/** The page of one subject: `/features/<id>`, `/tracker/requests/<id>`, … */
export const detailHref = {
  feature: (id: string) => subjectPath('feature', id),
  trackerRequest: (id: string) => subjectPath('tracker_request', id),
  trackerSuggestion: (id: string) => subjectPath('tracker_suggestion', id),
};

export type PathKey = keyof typeof paths;
