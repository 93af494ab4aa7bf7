import { deleteComment } from '../../modules/comments/comments-repository';
import { authHandler } from '../../http/auth-handler';
import { commentWithSubject } from './subject-routes';
import { deleteComment as route } from '@hatchworks/shared/contracts/comments';

/** `DELETE /api/comments/{id}`: the author within 15 minutes, admins any time. */
export const handler = authHandler({
  route,
  handler: async ({ params, user }): Promise<{ id: string; deleted: true }> => {
    const caller = await user();
    const { subject } = await commentWithSubject(params.id);
    await deleteComment(params.id, caller, subject);
    return { id: params.id, deleted: true };
  },
});
