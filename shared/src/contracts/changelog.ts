import type { RouteContract } from '../contract';
import {
  ChangelogDeletedSchema,
  ChangelogEntryInputSchema,
  ChangelogEntrySchema,
  ChangelogIdParamsSchema,
  ChangelogListQuerySchema,
  ChangelogListSchema,
} from '../schemas/changelog';

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

export const getChangelogEntry = {
  id: 'GetChangelogEntry',
  method: 'GET',
  path: '/api/changelog/{id}',
  access: 'public',
  params: ChangelogIdParamsSchema,
  data: ChangelogEntrySchema,
} as const satisfies RouteContract;

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

export const deleteChangelogEntry = {
  id: 'DeleteChangelogEntry',
  method: 'DELETE',
  path: '/api/changelog/{id}',
  access: 'admin',
  params: ChangelogIdParamsSchema,
  data: ChangelogDeletedSchema,
} as const satisfies RouteContract;

/**
 * The Atom feed, outside /api so feed readers find it at the site's root: CloudFront sends it to
 * the API (a behaviour of its own, cached) and the local server dispatches it the same way.
 */
export const getChangelogFeed = {
  id: 'GetChangelogFeed',
  method: 'GET',
  path: '/changelog.xml',
  access: 'public',
} as const satisfies RouteContract;
