import * as z from '@hatchworks/shared/zod';
import {
  ChangelogEntryInputSchema,
  type ChangelogEntry,
} from '@hatchworks/shared/schemas/changelog';
import { publishChangelogEntry } from '../../data/changelog-repository';
import { authHandler } from '../../middleware/auth-handler';
import { idempotencyKey } from '../../middleware/idempotency-key';
import { parseWithMessage } from '../../middleware/parse-with-message';
import { created } from '../../middleware/response';

export const handler = authHandler({
  // Parsed below so that the first problem's own message becomes the error message.
  body: z.unknown(),
  handler: async ({ event, body, user }) => {
    const admin = await user();
    const input = parseWithMessage(ChangelogEntryInputSchema, body);
    const key = idempotencyKey(event);
    return created<ChangelogEntry>(
      await publishChangelogEntry(input, admin.id, key ? { key } : undefined),
    );
  },
});
