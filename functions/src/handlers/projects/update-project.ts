import { ProjectIdParamsSchema, ProjectInputSchema } from '@hatchworks/shared/schemas/projects';
import { updateProject } from '../../data/projects-repository';
import { authHandler } from '../../middleware/auth-handler';

export const handler = authHandler({
  params: ProjectIdParamsSchema,
  body: ProjectInputSchema,
  handler: async ({ params, body }) => updateProject(params.key, body),
});
