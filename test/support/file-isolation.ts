import { afterAll, beforeAll, vi } from 'vitest';

/**
 * For projects whose files run one after another in one process per worker (`isolate: false`:
 * no new process and no reload of the packages per file). Each file leaves the process as it
 * found it: the environment, stubbed globals and environment variables, spies and timers are put
 * back after the file. `resetModules` says when the next file gets our modules afresh (packages
 * under node_modules are kept either way): `'always'`, or `'when-environment-changed'` for files
 * that share module state on purpose (the stack tests' clients).
 */
export function isolateFiles(resetModules: 'always' | 'when-environment-changed'): void {
  let environment: NodeJS.ProcessEnv = {};

  beforeAll(() => {
    environment = { ...process.env };
  });

  afterAll(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    vi.useRealTimers();
    const keys = new Set([...Object.keys(process.env), ...Object.keys(environment)]);
    const changed = [...keys].filter((key) => process.env[key] !== environment[key]);
    for (const key of changed) {
      if (environment[key] === undefined) delete process.env[key];
      else process.env[key] = environment[key];
    }
    if (resetModules === 'always' || changed.length > 0) vi.resetModules();
  });
}
