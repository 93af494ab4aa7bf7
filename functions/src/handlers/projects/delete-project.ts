import { ProjectIdParamsSchema } from '@hatchworks/shared/schemas/projects';
import { deleteProject } from '../../data/projects-repository';
import { httpHandler } from '../../middleware/http-handler';

export const handler = httpHandler({
  params: ProjectIdParamsSchema,
  handler: async ({ params }) => {
    await deleteProject(params.id);
    return { deleted: true, id: params.id };
  },
});
