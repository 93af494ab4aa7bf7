import { type ChangelogEntry } from '@hatchworks/shared/schemas/changelog';
import { publishChangelogEntry } from '../../modules/publishing/changelog-repository';
import { authHandler } from '../../http/auth-handler';
import { idempotencyKey } from '../../http/idempotency-key';
import { created } from '../../http/response';
import { publishChangelogEntry as route } from '@hatchworks/shared/contracts/changelog';

export const handler = authHandler({
  route,
  handler: async ({ event, body: input, user }) => {
    const admin = await user();
    const key = idempotencyKey(event);
    return created<ChangelogEntry>(
      await publishChangelogEntry(input, admin.id, key ? { key } : undefined),
    );
  },
});
