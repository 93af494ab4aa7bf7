import type { RouteContract } from '../contract';
import {
  CommentDeletedSchema,
  CommentEditSchema,
  CommentIdParamsSchema,
  CommentInputSchema,
  CommentListQuerySchema,
  CommentListSchema,
  CommentSchema,
  CommentSubjectParamsSchema,
} from '../schemas/comments';

/*
 * Comments on every subject: a feature, a tracker request, a project suggestion. Each subject
 * type has its list (a page of threads; a hidden feature hides its comments) and create route
 * (signed-in users; a merged subject's comments are closed, 409); a comment's own routes are
 * common to all.
 */

export const listFeatureComments = {
  id: 'ListFeatureComments',
  path: '/api/features/{id}/comments',
  method: 'GET',
  access: 'public',
  params: CommentSubjectParamsSchema,
  query: CommentListQuerySchema,
  data: CommentListSchema,
  page: true,
} as const satisfies RouteContract;

export const createFeatureComment = {
  id: 'CreateFeatureComment',
  path: '/api/features/{id}/comments',
  method: 'POST',
  access: 'user',
  params: CommentSubjectParamsSchema,
  body: CommentInputSchema,
  bodyMessages: true,
  data: CommentSchema,
} as const satisfies RouteContract;

export const listTrackerRequestComments = {
  id: 'ListTrackerRequestComments',
  path: '/api/tracker/feature-requests/{id}/comments',
  method: 'GET',
  access: 'public',
  params: CommentSubjectParamsSchema,
  query: CommentListQuerySchema,
  data: CommentListSchema,
  page: true,
} as const satisfies RouteContract;

export const createTrackerRequestComment = {
  id: 'CreateTrackerRequestComment',
  path: '/api/tracker/feature-requests/{id}/comments',
  method: 'POST',
  access: 'user',
  params: CommentSubjectParamsSchema,
  body: CommentInputSchema,
  bodyMessages: true,
  data: CommentSchema,
} as const satisfies RouteContract;

export const listProjectSuggestionComments = {
  id: 'ListProjectSuggestionComments',
  path: '/api/tracker/project-suggestions/{id}/comments',
  method: 'GET',
  access: 'public',
  params: CommentSubjectParamsSchema,
  query: CommentListQuerySchema,
  data: CommentListSchema,
  page: true,
} as const satisfies RouteContract;

export const createProjectSuggestionComment = {
  id: 'CreateProjectSuggestionComment',
  path: '/api/tracker/project-suggestions/{id}/comments',
  method: 'POST',
  access: 'user',
  params: CommentSubjectParamsSchema,
  body: CommentInputSchema,
  bodyMessages: true,
  data: CommentSchema,
} as const satisfies RouteContract;

/** The author changes the text within 15 minutes of writing it. */
export const updateComment = {
  id: 'UpdateComment',
  method: 'PUT',
  path: '/api/comments/{id}',
  access: 'user',
  params: CommentIdParamsSchema,
  body: CommentEditSchema,
  bodyMessages: true,
  data: CommentSchema,
} as const satisfies RouteContract;

export const deleteComment = {
  id: 'DeleteComment',
  method: 'DELETE',
  path: '/api/comments/{id}',
  access: 'user',
  params: CommentIdParamsSchema,
  data: CommentDeletedSchema,
} as const satisfies RouteContract;

export const pinComment = {
  id: 'PinComment',
  method: 'PUT',
  path: '/api/comments/{id}/pin',
  access: 'admin',
  params: CommentIdParamsSchema,
  data: CommentSchema,
} as const satisfies RouteContract;

export const unpinComment = {
  id: 'UnpinComment',
  method: 'DELETE',
  path: '/api/comments/{id}/pin',
  access: 'admin',
  params: CommentIdParamsSchema,
  data: CommentSchema,
} as const satisfies RouteContract;
