import type { RouteContract } from '../../contract';
import {
  CommentListQuerySchema,
  CommentListSchema,
  CommentSubjectParamsSchema,
} from '../../schemas/comments';

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
