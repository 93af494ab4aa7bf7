import { ProjectIdParamsSchema, ProjectInputSchema } from '@hatchworks/shared/schemas/projects';
import { updateProject } from '../../data/projects-repository';
import { httpHandler } from '../../middleware/http-handler';

export const handler = httpHandler({
  params: ProjectIdParamsSchema,
  body: ProjectInputSchema,
  handler: async ({ params, body }) => updateProject(params.id, body),
});
