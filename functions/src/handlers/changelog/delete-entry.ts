import { ChangelogIdParamsSchema } from '@hatchworks/shared/schemas/changelog';
import { deleteChangelogEntry } from '../../data/changelog-repository';
import { authHandler } from '../../middleware/auth-handler';

export const handler = authHandler({
  params: ChangelogIdParamsSchema,
  handler: async ({ params }) => {
    await deleteChangelogEntry(params.id);
    return { deleted: true, id: params.id };
  },
});
