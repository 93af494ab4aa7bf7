import { type ChangelogEntry } from '@hatchworks/shared/schemas/changelog';
import { getChangelogEntry } from '../../modules/publishing/changelog-repository';
import { httpHandler } from '../../http/http-handler';
import { getChangelogEntry as route } from '@hatchworks/shared/contracts/changelog';

export const handler = httpHandler({
  route,
  handler: async ({ params }): Promise<ChangelogEntry> => getChangelogEntry(params.id),
});
