import { afterAll, beforeAll, vi } from 'vitest';
import { useStackTable } from './stack-table';

/**
 * The stack files of a worker run one after another in one process (`isolate: false`: no new
 * process and no reload of the packages per file), all against the worker's stack. Every file
 * starts with the environment of that stack's table, which the functions' modules may read and
 * keep; a file that changes the environment has it put back, and the next file gets our modules
 * afresh (`vi.resetModules`), as if it ran in a process of its own.
 */
let environment: NodeJS.ProcessEnv = {};

beforeAll(() => {
  useStackTable();
  environment = { ...process.env };
});

afterAll(() => {
  vi.unstubAllEnvs();
  const keys = new Set([...Object.keys(process.env), ...Object.keys(environment)]);
  const changed = [...keys].filter((key) => process.env[key] !== environment[key]);
  if (changed.length === 0) return;
  for (const key of changed) {
    if (environment[key] === undefined) delete process.env[key];
    else process.env[key] = environment[key];
  }
  vi.resetModules();
});
