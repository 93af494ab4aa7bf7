import { ProjectInputSchema } from '@hatchworks/shared/schemas/projects';
import { createProject } from '../../data/projects-repository';
import { httpHandler } from '../../middleware/http-handler';
import { created } from '../../middleware/response';

export const handler = httpHandler({
  body: ProjectInputSchema,
  handler: async ({ body }) => created(await createProject(body)),
});
