import type { RouteContract } from '../../contract';
import { CommentDeletedSchema, CommentIdParamsSchema } from '../../schemas/comments';

export const deleteComment = {
  id: 'DeleteComment',
  method: 'DELETE',
  path: '/api/comments/{id}',
  access: 'user',
  params: CommentIdParamsSchema,
  data: CommentDeletedSchema,
} as const satisfies RouteContract;
