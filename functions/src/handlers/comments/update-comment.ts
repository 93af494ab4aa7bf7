import { type Comment } from '@hatchworks/shared/schemas/comments';
import { editComment } from '../../modules/comments/comments-repository';
import { authHandler } from '../../http/auth-handler';
import { updateComment as route } from '@hatchworks/shared/contracts/comments';

/** `PUT /api/comments/{id}`: the author changes the text within 15 minutes of writing it. */
export const handler = authHandler({
  route,
  handler: async ({ params, body, user }): Promise<Comment> =>
    editComment(params.id, await user(), body.body),
});
