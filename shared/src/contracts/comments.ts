/**
 * Contracts of the comments operations, one module each so that a bundle keeps only the schemas of
 * the operations it calls (a bundler keeps a module's every schema, used or not).
 *
 * Comments on every subject: a feature, a tracker request, a project suggestion. Each subject
 * type has its list (a page of threads; a hidden feature hides its comments) and create route
 * (signed-in users; a merged subject's comments are closed, 409); a comment's own routes are
 * common to all.
 */
export { listFeatureComments } from './comments/list-feature-comments';
export { createFeatureComment } from './comments/create-feature-comment';
export { listTrackerRequestComments } from './comments/list-tracker-request-comments';
export { createTrackerRequestComment } from './comments/create-tracker-request-comment';
export { listProjectSuggestionComments } from './comments/list-project-suggestion-comments';
export { createProjectSuggestionComment } from './comments/create-project-suggestion-comment';
export { updateComment } from './comments/update-comment';
export { deleteComment } from './comments/delete-comment';
export { pinComment } from './comments/pin-comment';
export { unpinComment } from './comments/unpin-comment';
