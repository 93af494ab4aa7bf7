import type { RouteContract } from '../../contract';
import { ChangelogListQuerySchema, ChangelogListSchema } from '../../schemas/changelog';

/** The published entries, newest first. */
export const listChangelog = {
  id: 'ListChangelog',
  method: 'GET',
  path: '/api/changelog',
  access: 'public',
  query: ChangelogListQuerySchema,
  data: ChangelogListSchema,
  page: true,
} as const satisfies RouteContract;
