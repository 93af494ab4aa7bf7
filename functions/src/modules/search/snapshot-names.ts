/**
 * The snapshot's name: `search/index.json` in the bucket, `index.json` in the folder. Its own
 * module, free of clients, so the CDK stack can name the object in its grants.
 */
export const SNAPSHOT_KEY = 'search/index.json';
export const SNAPSHOT_FILE = 'index.json';
