import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the CDK app finds the rest of the repository. Resolved from this file, not from the
 * working directory, so `cdk synth`, the tests and editors agree whichever folder they run in.
 */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The npm lock file NodejsFunction hashes and bundles against (the workspace root's). */
export const LOCK_FILE = join(REPO_ROOT, 'package-lock.json');

/** The built SPA (`npm run build -w web`). */
export const WEB_DIST = join(REPO_ROOT, 'web', 'dist');

/** The projects' static builds, published under `/apps/<slug>/` with the site. */
export const PROJECT_BUILDS = join(REPO_ROOT, 'apps');

/** The TypeScript entry of a route's handler module, e.g. `system/get-health`. */
export const handlerEntry = (handler: string): string =>
  join(REPO_ROOT, 'functions', 'src', 'handlers', `${handler}.ts`);

/** The TypeScript entry of a function outside the route handlers, e.g. `triggers/login-triggers`. */
export const functionEntry = (module: string): string =>
  join(REPO_ROOT, 'functions', 'src', `${module}.ts`);
