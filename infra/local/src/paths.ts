import { fileURLToPath } from 'node:url';

/** The repository root, found from this file so commands work from any directory. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const WEB_ROOT = fileURLToPath(new URL('../../../web/dist/', import.meta.url));
export const DATA_DIR = fileURLToPath(new URL('../../../.data/', import.meta.url));
