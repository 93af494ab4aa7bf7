import type { RouteContract } from '../../contract';
import { CommentIdParamsSchema, CommentSchema } from '../../schemas/comments';

export const pinComment = {
  id: 'PinComment',
  method: 'PUT',
  path: '/api/comments/{id}/pin',
  access: 'admin',
  params: CommentIdParamsSchema,
  data: CommentSchema,
} as const satisfies RouteContract;
