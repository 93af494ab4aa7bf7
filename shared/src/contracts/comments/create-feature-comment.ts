import type { RouteContract } from '../../contract';
import {
  CommentInputSchema,
  CommentSchema,
  CommentSubjectParamsSchema,
} from '../../schemas/comments';

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
