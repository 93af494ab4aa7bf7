import { updateProject } from '../../modules/projects/projects-repository';
import { authHandler } from '../../http/auth-handler';
import { updateProject as route } from '@hatchworks/shared/contracts/projects';

export const handler = authHandler({
  route,
  handler: async ({ params, body }) => updateProject(params.key, body),
});
