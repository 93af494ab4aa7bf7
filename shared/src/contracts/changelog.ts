/**
 * Contracts of the changelog operations, one module each so that a bundle keeps only the schemas of
 * the operations it calls (a bundler keeps a module's every schema, used or not).
 */
export { listChangelog } from './changelog/list-changelog';
export { getChangelogEntry } from './changelog/get-changelog-entry';
export { publishChangelogEntry } from './changelog/publish-changelog-entry';
export { deleteChangelogEntry } from './changelog/delete-changelog-entry';
export { getChangelogFeed } from './changelog/get-changelog-feed';
