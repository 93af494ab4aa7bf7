import type { RouteContract } from '../../contract';
import {
  CommentInputSchema,
  CommentSchema,
  CommentSubjectParamsSchema,
} from '../../schemas/comments';

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
