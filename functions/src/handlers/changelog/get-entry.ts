import { ChangelogIdParamsSchema, type ChangelogEntry } from '@hatchworks/shared/schemas/changelog';
import { getChangelogEntry } from '../../data/changelog-repository';
import { httpHandler } from '../../middleware/http-handler';

export const handler = httpHandler({
  params: ChangelogIdParamsSchema,
  handler: async ({ params }): Promise<ChangelogEntry> => getChangelogEntry(params.id),
});
