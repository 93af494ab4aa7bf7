import { setTimeout as sleep } from 'node:timers/promises';
import { startServer, type RunningServer } from '../../infra/local/src/server';
import { WEB_ROOT } from '../../infra/local/src/paths';
import { useStackTable } from './stack-table';

/**
 * A local gateway in the test's own process, in front of the real handlers and the stack's table,
 * whose functions have `functionTimeoutMs` to answer: a test reaches a function's time limit in
 * a moment instead of the ten seconds every route has. Answers to it come over real HTTP.
 */
export async function startGatewayWithTimeLimit(functionTimeoutMs: number): Promise<RunningServer> {
  useStackTable();
  const server = await startServer({ port: 0, webRoot: WEB_ROOT, functionTimeoutMs });
  server.serve({ config: { apiBaseUrl: '/api', auth: null, donation: null } });
  return server;
}

const HOLD = 'holdNextTransaction';

/**
 * Holds back the next TransactWriteItems of the handlers running in this process (those behind
 * `startGatewayWithTimeLimit`) for `ms`, as a database slow under load would, then lets it go.
 * `settled` resolves once DynamoDB has answered it, whether it landed or was refused.
 */
export async function holdNextTransaction(ms: number): Promise<{ settled: Promise<void> }> {
  useStackTable();
  const { db } = await import('@hatchworks/functions/modules/table/client');
  let settle: () => void = () => undefined;
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });
  db.middlewareStack.add(
    (next, context) => async (args) => {
      if (!/^TransactWrite/.test(context.commandName ?? '')) return next(args);
      db.middlewareStack.remove(HOLD);
      await sleep(ms);
      try {
        return await next(args);
      } finally {
        settle();
      }
    },
    { step: 'initialize', name: HOLD },
  );
  return { settled };
}
