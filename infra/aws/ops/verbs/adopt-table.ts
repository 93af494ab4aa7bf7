import {
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  UpdateContinuousBackupsCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { TABLE_DEFINITION } from '@hatchworks/functions/modules/table/table-definition';
import { CONTEXT_KEYS } from '../../config/site-context';
import { currentDeployContext, deployCommand } from '../deploy-context';
import { OpsError, pause, regional, type OpsEnvironment } from '../ops-environment';
import { readStackOutputs } from '../stack-outputs';

/** How long one table update may take before the command stops waiting. */
const UPDATE_WAIT_SECONDS = 60 * 60;

/**
 * How often to ask again while a new table's continuous backups are still being turned on
 * (UpdateContinuousBackups answers ContinuousBackupsUnavailableException until then:
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_UpdateContinuousBackups.html).
 */
const BACKUP_ATTEMPTS = 20;

/**
 * Gives a restored table what a restore does not carry (the stream, TTL, point-in-time recovery,
 * deletion protection), one change at a time: DynamoDB refuses an UpdateTable while the table is
 * UPDATING (https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_UpdateTable.html),
 * so each waits for ACTIVE. Then prints the deploy that switches the stack to it, with the
 * current context (`cdk.json` and the operator's `-c` flags).
 */
export async function adoptTable(
  ops: OpsEnvironment,
  options: { readonly table: string; readonly context: readonly string[] },
): Promise<void> {
  const { table } = options;
  const deployContext = currentDeployContext(ops.repoRoot, options.context);
  const outputs = await readStackOutputs(ops);
  if (outputs.get('TableName') === table) {
    throw new OpsError(`${table} already is ${ops.stackName}'s table.`);
  }
  const dynamo = new DynamoDBClient(regional(ops));
  const active = () =>
    waitUntilTableExists(
      { client: dynamo, maxWaitTime: UPDATE_WAIT_SECONDS, ...ops.pace },
      { TableName: table },
    );

  await active();
  const described = (await dynamo.send(new DescribeTableCommand({ TableName: table }))).Table;
  const stream = described?.StreamSpecification;
  if (!stream?.StreamEnabled) {
    ops.print(`${table}: turning on its stream (${TABLE_DEFINITION.streamView})…`);
    await dynamo.send(
      new UpdateTableCommand({
        TableName: table,
        StreamSpecification: { StreamEnabled: true, StreamViewType: TABLE_DEFINITION.streamView },
      }),
    );
    await active();
  } else if (stream.StreamViewType !== TABLE_DEFINITION.streamView) {
    throw new OpsError(
      `${table}'s stream shows ${stream.StreamViewType}; the stack's consumers expect ${TABLE_DEFINITION.streamView}.`,
    );
  }

  const ttl = await dynamo.send(new DescribeTimeToLiveCommand({ TableName: table }));
  const ttlStatus = ttl.TimeToLiveDescription?.TimeToLiveStatus;
  if (ttlStatus !== 'ENABLED' && ttlStatus !== 'ENABLING') {
    ops.print(`${table}: turning on TTL on ${TABLE_DEFINITION.ttlAttribute}…`);
    await dynamo.send(
      new UpdateTimeToLiveCommand({
        TableName: table,
        TimeToLiveSpecification: { Enabled: true, AttributeName: TABLE_DEFINITION.ttlAttribute },
      }),
    );
  }

  ops.print(`${table}: turning on point-in-time recovery…`);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await dynamo.send(
        new UpdateContinuousBackupsCommand({
          TableName: table,
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        }),
      );
      break;
    } catch (error) {
      const unavailable =
        error instanceof Error && error.name === 'ContinuousBackupsUnavailableException';
      if (!unavailable || attempt === BACKUP_ATTEMPTS) throw error;
      await pause(ops.pace.maxDelay);
    }
  }

  if (!described?.DeletionProtectionEnabled) {
    ops.print(`${table}: turning on deletion protection…`);
    await dynamo.send(
      new UpdateTableCommand({ TableName: table, DeletionProtectionEnabled: true }),
    );
    await active();
  }

  const streamArn = (await dynamo.send(new DescribeTableCommand({ TableName: table }))).Table
    ?.LatestStreamArn;
  if (!streamArn) throw new OpsError(`${table} has no stream ARN after its stream was turned on.`);
  const context = new Map(deployContext);
  context.set(CONTEXT_KEYS.tableName, table);
  context.set(CONTEXT_KEYS.tableStreamArn, streamArn);
  ops.print('');
  ops.print(`${table} is ready. Keep both in the "context" of cdk.json from now on:`);
  ops.print(`  "tableName": "${table}",`);
  ops.print(`  "tableStreamArn": "${streamArn}"`);
  ops.print('Then switch the stack to it (announce the maintenance window first):');
  ops.print(`  ${deployCommand(context)}`);
  ops.print('and, once deployed: npm run ops -- drop-search-snapshot');
}
