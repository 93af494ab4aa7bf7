import type { RouteContract } from '../../contract';

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
