import { fileURLToPath } from 'node:url';

/** The repository root, found from this file so commands work from any directory. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const WEB_ROOT = fileURLToPath(new URL('../../../web/dist/', import.meta.url));
/** The studio's published project builds, served at `/apps/<slug>/`. */
export const PROJECT_BUILDS_ROOT = fileURLToPath(new URL('../../../apps/', import.meta.url));
/** Where `npm start` persists its data; `DATA_DIR` overrides it (tests use a temporary folder). */
export const DATA_DIR =
  process.env.DATA_DIR ?? fileURLToPath(new URL('../../../.data/', import.meta.url));
