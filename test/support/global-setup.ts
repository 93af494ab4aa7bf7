import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { WEB_ROOT } from '../../infra/local/src/paths';
import type { TestStack } from './context';
import { PARALLEL_STACKS } from './parallel-stacks';

const STACK_PROCESS = fileURLToPath(new URL('./stack-process.ts', import.meta.url));

/** Starts one stack in a child process and answers where it listens. */
async function startStack(): Promise<{ child: ChildProcess; stack: TestStack }> {
  const child = fork(STACK_PROCESS, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const stack = await new Promise<TestStack>((resolve, reject) => {
    child.once('message', (message) => resolve(message as TestStack));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`A test stack exited early (code ${code})`)));
  });
  return { child, stack };
}

async function stopStack(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send('stop');
  await exited;
}

/**
 * Starts the local stacks of the 'stack' test project, one per parallel test worker
 * (`PARALLEL_STACKS`), side by side: each is DynamoDB Local in memory on a free port, the table
 * and demo seed, and the one-port server of the built SPA and the real handlers, in a child
 * process of its own (see stack-process.ts). A test file reaches its worker's stack with
 * `testStack()`.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(join(WEB_ROOT, 'index.html'))) {
    throw new Error(
      'web/dist is missing: run "npm run build" before the stack tests (npm test does).',
    );
  }
  const started = await Promise.allSettled(
    Array.from({ length: PARALLEL_STACKS }, () => startStack()),
  );
  const running = started.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(running.map(({ child }) => stopStack(child)));
    throw failed.reason;
  }
  project.provide(
    'stacks',
    running.map(({ stack }) => stack),
  );
  return async () => {
    await Promise.all(running.map(({ child }) => stopStack(child)));
  };
}
