import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { WEB_ROOT } from '../../infra/local/src/paths';
import { startLocalStack } from '../../infra/local/src/stack';
import './context';

/**
 * Starts one local stack for the 'stack' test project: DynamoDB Local in memory on a free port,
 * the table and demo seed, and the one-port server of the built SPA and the real handlers.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(join(WEB_ROOT, 'index.html'))) {
    throw new Error(
      'web/dist is missing: run "npm run build" before the stack tests (npm test does).',
    );
  }
  const stack = await startLocalStack({
    port: 0,
    webRoot: WEB_ROOT,
    tableName: 'hatchworks-test',
    config: { apiBaseUrl: '/api', auth: null, donation: null },
  });
  project.provide('baseUrl', stack.url);
  project.provide('dynamoEndpoint', stack.dynamoEndpoint);
  project.provide('tableName', stack.tableName);
  return () => stack.stop();
}
