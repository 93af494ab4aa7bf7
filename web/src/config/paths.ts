/**
 * Every client route of spec 2 (and the account pages the mailed links open) with the name its
 * page is known by (document title, headings,
 * navigation). Routes, links and titles all read from here.
 */
export const paths = {
  home: { path: '/', title: 'Projects' },
  tracker: { path: '/tracker', title: 'Tracker' },
  trackerRequests: { path: '/tracker/requests', title: 'Feature Requests' },
  trackerSuggestions: { path: '/tracker/suggestions', title: 'Project Suggestions' },
  features: { path: '/features', title: 'Feature Request System' },
  about: { path: '/about', title: 'About' },
  profile: { path: '/profile', title: 'Profile' },
  projects: { path: '/projects', title: 'Manage Projects' },
  featureRequests: { path: '/feature-requests', title: 'Project Features' },
  verifyEmail: { path: '/verify-email', title: 'Verify Email' },
  resetPassword: { path: '/reset-password', title: 'Reset Password' },
  authCallback: { path: '/auth/callback', title: 'Signing in' },
  authSilentRenew: { path: '/auth/silent-renew', title: 'Signing in' },
  // Issue 12: notify
  notifications: { path: '/notifications', title: 'Notifications' },
  unsubscribe: { path: '/unsubscribe', title: 'Unsubscribe' },
} as const;

export type PathKey = keyof typeof paths;
