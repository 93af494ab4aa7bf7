import { createProject } from '../../data/projects-repository';
import { authHandler } from '../../middleware/auth-handler';
import { created } from '../../middleware/response';
import { createProject as route } from '@hatchworks/shared/contracts/projects';

export const handler = authHandler({
  route,
  handler: async ({ body }) => created(await createProject(body)),
});
