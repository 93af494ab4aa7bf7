import { ProjectInputSchema } from '@hatchworks/shared/schemas/projects';
import { createProject } from '../../data/projects-repository';
import { authHandler } from '../../middleware/auth-handler';
import { created } from '../../middleware/response';

export const handler = authHandler({
  body: ProjectInputSchema,
  handler: async ({ body }) => created(await createProject(body)),
});
