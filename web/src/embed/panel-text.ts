/** The panel's words, in one place (the tests read them too). */
export const PANEL_TEXT = {
  heading: 'Feedback',
  close: 'Close feedback',
  trackerHeading: 'Tracker Requests',
  trackerEmpty: 'No open requests yet. Be the first to submit one!',
  featuresHeading: 'Feature Requests',
  featuresHint: 'Approved requests people back with their eggs.',
  featuresEmpty: 'No approved feature requests for this project yet.',
  submit: 'Submit a request',
  submitted: 'Request submitted. Thank you!',
  signIn: 'Sign in',
  signInHint: 'Sign in to back requests with your eggs.',
  signInToVote: 'Sign in to vote with eggs',
  signInToVoteHere: 'Sign in to vote',
  openSite: 'Open the tracker',
  loading: 'Loading feedback...',
} as const;
