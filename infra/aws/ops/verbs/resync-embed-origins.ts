import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { OpsError, regional, type OpsEnvironment } from '../ops-environment';
import { readStackOutputs } from '../stack-outputs';

/**
 * Rewrites the feedback panel's `frame-ancestors` store from the table (after a switch to a
 * restored table, a new store, or whenever it is in doubt): invokes the store's keeper with
 * `{"resync": true}` and waits for its answer.
 */
export async function resyncEmbedOrigins(ops: OpsEnvironment): Promise<void> {
  const outputs = await readStackOutputs(ops);
  const name = outputs.get('EmbedOriginsFunctionName');
  const answer = await new LambdaClient(regional(ops)).send(
    new InvokeCommand({
      FunctionName: name,
      Payload: new TextEncoder().encode(JSON.stringify({ resync: true })),
    }),
  );
  const body = answer.Payload ? new TextDecoder().decode(answer.Payload) : '';
  if (answer.FunctionError) {
    throw new OpsError(`${name} failed (${answer.FunctionError}): ${body}`);
  }
  const { puts, deletes } = JSON.parse(body || '{}') as { puts?: number; deletes?: number };
  ops.print(
    `Rewrote the panel's store from ${outputs.get('TableName')}: ${puts ?? 0} keys written, ${deletes ?? 0} deleted.`,
  );
}
