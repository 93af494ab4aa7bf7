import { type Comment } from '@hatchworks/shared/schemas/comments';
import { unpinComment } from '../../modules/comments/comments-repository';
import { authHandler } from '../../http/auth-handler';
import { commentWithSubject } from './subject-routes';
import { unpinComment as route } from '@hatchworks/shared/contracts/comments';

/** `DELETE /api/comments/{id}/pin` (admins): no Team answer on the subject any more. */
export const handler = authHandler({
  route,
  handler: async ({ params }): Promise<Comment> => {
    const { subject } = await commentWithSubject(params.id);
    return unpinComment(params.id, subject);
  },
});
