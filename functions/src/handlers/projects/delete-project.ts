import { ProjectIdParamsSchema } from '@hatchworks/shared/schemas/projects';
import { deleteProject } from '../../data/projects-repository';
import { authHandler } from '../../middleware/auth-handler';

export const handler = authHandler({
  params: ProjectIdParamsSchema,
  handler: async ({ params }) => {
    await deleteProject(params.key);
    return { deleted: true, id: params.key };
  },
});
