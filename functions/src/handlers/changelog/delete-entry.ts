import { deleteChangelogEntry } from '../../modules/publishing/changelog-repository';
import { authHandler } from '../../http/auth-handler';
import { deleteChangelogEntry as route } from '@hatchworks/shared/contracts/changelog';

export const handler = authHandler({
  route,
  handler: async ({ params }) => {
    await deleteChangelogEntry(params.id);
    return { deleted: true, id: params.id };
  },
});
