import {
  CommentEditSchema,
  CommentIdParamsSchema,
  type Comment,
} from '@hatchworks/shared/schemas/comments';
import { editComment } from '../../data/comments-repository';
import * as z from '@hatchworks/shared/zod';
import { authHandler } from '../../middleware/auth-handler';
import { parseWithMessage } from '../../middleware/parse-with-message';

/** `PUT /api/comments/{id}`: the author changes the text within 15 minutes of writing it. */
export const handler = authHandler({
  params: CommentIdParamsSchema,
  // Parsed below so that the rules' own messages become the error message.
  body: z.unknown(),
  handler: async ({ params, body, user }): Promise<Comment> =>
    editComment(params.id, await user(), parseWithMessage(CommentEditSchema, body).body),
});
