import {
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTableCommand,
  waitUntilTableExists,
  waitUntilTableNotExists,
} from '@aws-sdk/client-dynamodb';
import { OpsError, regional, type OpsEnvironment } from '../ops-environment';
import { readStackOutputs } from '../stack-outputs';

/** How long a table may take to update or go before the command stops waiting. */
const WAIT_SECONDS = 60 * 60;

/**
 * Deletes a table the stack no longer uses (a restored copy once done, or the old table after a
 * switch, which the stack keeps): never the one the TableName output names. Deletion protection,
 * when on, is turned off first, and the delete waits for ACTIVE after that update.
 */
export async function dropTable(
  ops: OpsEnvironment,
  options: { readonly table: string },
): Promise<void> {
  const { table } = options;
  if ((await readStackOutputs(ops)).get('TableName') === table) {
    throw new OpsError(`${table} is ${ops.stackName}'s table: it is not dropped.`);
  }
  const dynamo = new DynamoDBClient(regional(ops));
  const wait = { client: dynamo, maxWaitTime: WAIT_SECONDS, ...ops.pace };
  await waitUntilTableExists(wait, { TableName: table });
  const described = await dynamo.send(new DescribeTableCommand({ TableName: table }));
  if (described.Table?.DeletionProtectionEnabled) {
    ops.print(`${table}: turning off deletion protection…`);
    await dynamo.send(
      new UpdateTableCommand({ TableName: table, DeletionProtectionEnabled: false }),
    );
    await waitUntilTableExists(wait, { TableName: table });
  }
  await dynamo.send(new DeleteTableCommand({ TableName: table }));
  ops.print(`${table}: deleting…`);
  await waitUntilTableNotExists(wait, { TableName: table });
  ops.print(`${table} is gone.`);
}
