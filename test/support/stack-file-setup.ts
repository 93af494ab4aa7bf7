import { beforeAll } from 'vitest';
import { isolateFiles } from './file-isolation';
import { useStackTable } from './stack-table';

/**
 * Setup of every stack test file. The files of a worker share its process and its stack: each
 * starts with the environment of that stack's table, which the functions' modules may read and
 * keep, so their memoised configuration is the same for every file. A file that changes the
 * environment has it put back, and the next file gets our modules afresh, as if it ran in a
 * process of its own.
 */
beforeAll(() => {
  useStackTable();
});
isolateFiles('when-environment-changed');
