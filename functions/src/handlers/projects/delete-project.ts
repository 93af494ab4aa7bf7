import { deleteProject } from '../../modules/projects/projects-repository';
import { authHandler } from '../../http/auth-handler';
import { deleteProject as route } from '@hatchworks/shared/contracts/projects';

export const handler = authHandler({
  route,
  handler: async ({ params }) => {
    await deleteProject(params.key);
    return { deleted: true, id: params.key };
  },
});
