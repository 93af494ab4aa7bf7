import { defineConfig } from 'vitest/config';
import { PARALLEL_STACKS } from './test/support/parallel-stacks';
import { WaitingFilesFirst } from './test/support/sequencer';

/**
 * Every test layer (docs/architecture.md, "Test layers") in one run:
 * - unit: pure logic, schemas, client error mapping (no I/O);
 * - infra: `cdk synth` assertions and cdk-nag;
 * - local: `npm start` itself (restart keeps data, seed once, Ctrl-C, one-line errors);
 * - stack: API tests over HTTP and browser tests in Chromium, against local stacks (DynamoDB
 *   Local in memory on a free port, the local gateway, the built web bundle) started once per run.
 */
export default defineConfig({
  test: {
    // Stack files mostly wait on their stack, Chromium and DynamoDB Local: one worker per stack
    // keeps two cores busy.
    maxWorkers: PARALLEL_STACKS,
    // A worker runs the files of a project one after another in one process, with the packages
    // loaded once (starting a process and loading Playwright, the AWS SDK and React again cost
    // about a second of CPU per file). Each project's setup file gives every file the process as
    // it was: environment, stubs, spies, timers and our modules (test/support/file-isolation.ts).
    isolate: false,
    sequence: { sequencer: WaitingFilesFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/test/**/*.test.ts',
            'functions/test/unit/**/*.test.ts',
            'web/test/unit/**/*.test.ts',
          ],
          environment: 'node',
          env: { LOG_LEVEL: 'SILENT', TABLE_NAME: 'unit-tests', AWS_REGION: 'us-east-1' },
          setupFiles: ['test/support/unit-file-setup.ts'],
        },
      },
      {
        test: {
          name: 'infra',
          include: ['infra/test/**/*.test.ts'],
          environment: 'node',
          env: { LOG_LEVEL: 'SILENT' },
          // One process for every file, modules kept between them: a configuration of the app is
          // synthesized once (infra/test/support/synth-site.ts) instead of once per file.
          isolate: false,
          setupFiles: ['infra/test/support/breathe.ts'],
          globalSetup: ['infra/test/support/temp-dir.ts'],
          pool: 'forks',
          poolOptions: { forks: { singleFork: true, isolate: false } },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'local',
          include: ['infra/local/test/**/*.test.ts'],
          environment: 'node',
          env: { LOG_LEVEL: 'SILENT' },
          setupFiles: ['test/support/fresh-file-setup.ts'],
          // A test starts `npm start` up to twice beside the stack files: room for a busy machine.
          testTimeout: 240_000,
        },
      },
      {
        test: {
          name: 'stack',
          include: ['functions/test/api/**/*.test.ts', 'web/test/browser/**/*.test.ts'],
          environment: 'node',
          env: { LOG_LEVEL: 'SILENT' },
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A poll waits for a state the app reaches after work of its own (a transition render,
          // a stream consumer), as long as a locator's wait (`STEP_TIMEOUT_MS`) rather than 1 s:
          // on a loaded machine a render of a filtered list took longer than that.
          expect: { poll: { timeout: 20_000 } },
          // Files run in parallel forks, each worker against a stack of its own (test/support/stack.ts).
          // Our modules are kept from file to file (the clients the data layer made), unless a
          // file changed the environment (test/support/stack-file-setup.ts).
          setupFiles: ['test/support/stack-file-setup.ts'],
        },
      },
    ],
  },
});
