/**
 * Contracts of the tracker operations, one module each so that a bundle keeps only the schemas of
 * the operations it calls (a bundler keeps a module's every schema, used or not).
 *
 * The public tracker: feature requests and project suggestions, voted up or down by anyone (an
 * anonymous visitor by a signed cookie). Each item answers with the caller's own vote.
 */
export { getTrackerStats } from './tracker/get-tracker-stats';
export { listTrackerRequests } from './tracker/list-tracker-requests';
export { createTrackerRequest } from './tracker/create-tracker-request';
export { getTrackerRequest } from './tracker/get-tracker-request';
export { listProjectSuggestions } from './tracker/list-project-suggestions';
export { createProjectSuggestion } from './tracker/create-project-suggestion';
export { getProjectSuggestion } from './tracker/get-project-suggestion';
export { listTrackerActivity } from './tracker/list-tracker-activity';
export { trackerVote } from './tracker/tracker-vote';
export { updateTrackerRequestStatus } from './tracker/update-tracker-request-status';
export { updateProjectSuggestionStatus } from './tracker/update-project-suggestion-status';
export { trackerMerge } from './tracker/tracker-merge';
