import type { RouteContract } from '../../contract';
import { ChangelogEntrySchema, ChangelogIdParamsSchema } from '../../schemas/changelog';

export const getChangelogEntry = {
  id: 'GetChangelogEntry',
  method: 'GET',
  path: '/api/changelog/{id}',
  access: 'public',
  params: ChangelogIdParamsSchema,
  data: ChangelogEntrySchema,
} as const satisfies RouteContract;
