import type { RouteContract } from '../../contract';
import {
  CommentListQuerySchema,
  CommentListSchema,
  CommentSubjectParamsSchema,
} from '../../schemas/comments';

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
