import type { RouteContract } from '../../contract';
import { CommentEditSchema, CommentIdParamsSchema, CommentSchema } from '../../schemas/comments';

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
