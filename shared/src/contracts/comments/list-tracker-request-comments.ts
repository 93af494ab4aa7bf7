import type { RouteContract } from '../../contract';
import {
  CommentListQuerySchema,
  CommentListSchema,
  CommentSubjectParamsSchema,
} from '../../schemas/comments';

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
