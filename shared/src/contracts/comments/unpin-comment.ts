import type { RouteContract } from '../../contract';
import { CommentIdParamsSchema, CommentSchema } from '../../schemas/comments';

export const unpinComment = {
  id: 'UnpinComment',
  method: 'DELETE',
  path: '/api/comments/{id}/pin',
  access: 'admin',
  params: CommentIdParamsSchema,
  data: CommentSchema,
} as const satisfies RouteContract;
