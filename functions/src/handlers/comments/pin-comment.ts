import { type Comment } from '@hatchworks/shared/schemas/comments';
import { pinComment } from '../../modules/comments/comments-repository';
import { authHandler } from '../../http/auth-handler';
import { commentWithSubject } from './subject-routes';
import { pinComment as route } from '@hatchworks/shared/contracts/comments';

/** `PUT /api/comments/{id}/pin` (admins): the subject's Team answer, replacing the last one. */
export const handler = authHandler({
  route,
  handler: async ({ params, user }): Promise<Comment> => {
    const admin = await user();
    const { subject } = await commentWithSubject(params.id);
    return pinComment(params.id, admin, subject);
  },
});
