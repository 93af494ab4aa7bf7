import { type ChangelogEntry } from '@hatchworks/shared/schemas/changelog';
import { publishChangelogEntry } from '../../data/changelog-repository';
import { authHandler } from '../../middleware/auth-handler';
import { idempotencyKey } from '../../middleware/idempotency-key';
import { created } from '../../middleware/response';
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
