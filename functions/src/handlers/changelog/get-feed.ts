import { CHANGELOG_LIMITS } from '@hatchworks/shared/schemas/changelog';
import { listChangelogEntries } from '../../modules/publishing/changelog-repository';
import { changelogAtom } from '../../modules/publishing/changelog-feed';
import { env } from '../../lib/env';
import { httpHandler } from '../../http/http-handler';
import { rawResult } from '../../http/response';
import { getChangelogFeed as route } from '@hatchworks/shared/contracts/changelog';

export const handler = httpHandler({
  route,
  handler: async () => {
    const siteUrl = env().SITE_URL;
    // The feed's ids and links are absolute: without the site's origin it cannot be written.
    if (!siteUrl) throw new Error('Invalid function configuration: SITE_URL is required');
    const page = await listChangelogEntries({ limit: CHANGELOG_LIMITS.feedSize });
    return rawResult(
      200,
      {
        'content-type': 'application/atom+xml; charset=utf-8',
        // Feed readers poll; five minutes in CloudFront and browsers is fresh enough.
        'cache-control': 'public, max-age=300',
      },
      changelogAtom(page.items, siteUrl),
    );
  },
});
