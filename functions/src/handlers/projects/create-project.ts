import { createProject } from '../../modules/projects/projects-repository';
import { authHandler } from '../../http/auth-handler';
import { created } from '../../http/response';
import { createProject as route } from '@hatchworks/shared/contracts/projects';

export const handler = authHandler({
  route,
  handler: async ({ body }) => created(await createProject(body)),
});
