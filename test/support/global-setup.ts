import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';
import { WEB_ROOT } from '../../infra/local/src/paths';
import './context';

const STACK_PROCESS = fileURLToPath(new URL('./stack-process.ts', import.meta.url));

/**
 * Starts one local stack for the 'stack' test project: DynamoDB Local in memory on a free port,
 * the table and demo seed, and the one-port server of the built SPA and the real handlers, in a
 * child process (see stack-process.ts).
 */
export default async function setup(project: TestProject) {
  if (!existsSync(join(WEB_ROOT, 'index.html'))) {
    throw new Error(
      'web/dist is missing: run "npm run build" before the stack tests (npm test does).',
    );
  }
  const child = fork(STACK_PROCESS, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const started = await new Promise<ProvidedContext>((resolve, reject) => {
    child.once('message', (message) => resolve(message as ProvidedContext));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`The test stack exited early (code ${code})`)));
  });
  project.provide('baseUrl', started.baseUrl);
  project.provide('dynamoEndpoint', started.dynamoEndpoint);
  project.provide('tableName', started.tableName);
  project.provide('smtpHost', started.smtpHost);
  project.provide('smtpPort', started.smtpPort);
  project.provide('identityHashKey', started.identityHashKey);
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send('stop');
    await exited;
  };
}
