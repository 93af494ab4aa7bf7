import type { RouteContract } from '../../contract';
import { ChangelogEntryInputSchema, ChangelogEntrySchema } from '../../schemas/changelog';

/** Publishes an entry, closing the completed requests it names. */
export const publishChangelogEntry = {
  id: 'PublishChangelogEntry',
  method: 'POST',
  path: '/api/changelog',
  access: 'admin',
  body: ChangelogEntryInputSchema,
  bodyMessages: true,
  data: ChangelogEntrySchema,
} as const satisfies RouteContract;
