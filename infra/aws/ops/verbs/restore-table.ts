import {
  DescribeContinuousBackupsCommand,
  DynamoDBClient,
  RestoreTableToPointInTimeCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { OpsError, regional, type OpsEnvironment } from '../ops-environment';
import { readStackOutputs } from '../stack-outputs';

/**
 * How long a restore may take before the command stops waiting: AWS restores in parallel, but a
 * large table takes hours (the restored table stays CREATING until then).
 */
const RESTORE_WAIT_SECONDS = 6 * 60 * 60;

/** `2026-11-25T12:00:00Z` → `20261125T120000`, for the restored table's name. */
const stamp = (at: Date) => at.toISOString().replace(/[-:]|\.\d+Z$/g, '');

/**
 * Restores the stack's table as it was at `at` into a new table (the live one is untouched) and
 * waits until the new table is ACTIVE. Prints what to check and the two ways on.
 */
export async function restoreTable(
  ops: OpsEnvironment,
  options: { readonly at: string; readonly name?: string | undefined },
): Promise<string> {
  const at = new Date(options.at);
  if (Number.isNaN(at.getTime()) || !/(Z|[+-]\d\d:\d\d)$/.test(options.at)) {
    throw new OpsError(
      `--at must be a time with its zone, e.g. 2026-11-25T12:00:00Z; got "${options.at}".`,
    );
  }
  const source = (await readStackOutputs(ops)).get('TableName');
  const dynamo = new DynamoDBClient(regional(ops));
  const backups = await dynamo.send(new DescribeContinuousBackupsCommand({ TableName: source }));
  const recovery = backups.ContinuousBackupsDescription?.PointInTimeRecoveryDescription;
  if (recovery?.PointInTimeRecoveryStatus !== 'ENABLED') {
    throw new OpsError(
      `${source} has no point-in-time recovery (a dev stage's table): nothing to restore from.`,
    );
  }
  const earliest = recovery.EarliestRestorableDateTime;
  const latest = recovery.LatestRestorableDateTime;
  if ((earliest && at < earliest) || (latest && at > latest)) {
    throw new OpsError(
      `${source} can be restored from ${earliest?.toISOString()} to ${latest?.toISOString()}; ` +
        `${at.toISOString()} is outside.`,
    );
  }
  const target = options.name ?? `${source}-restored-${stamp(at)}`;
  await dynamo.send(
    new RestoreTableToPointInTimeCommand({
      SourceTableName: source,
      TargetTableName: target,
      RestoreDateTime: at,
    }),
  );
  ops.print(
    `Restoring ${source} as of ${at.toISOString()} into the new table ${target}; waiting until it is ACTIVE…`,
  );
  await waitUntilTableExists(
    { client: dynamo, maxWaitTime: RESTORE_WAIT_SECONDS, ...ops.pace },
    { TableName: target },
  );
  const region = ops.region ? `AWS_REGION=${ops.region} ` : '';
  ops.print(
    `${target} is ACTIVE (keys, indexes and billing; no stream, TTL, recovery or protection).`,
  );
  ops.print(`Check it:            ${region}npm run admin -- audit-ledger --table ${target}`);
  ops.print(`Some partitions:     npm run ops -- copy-partition --from ${target} --pk 'USER#<id>'`);
  ops.print(`The whole table:     npm run ops -- adopt-table --table ${target} -c stage=prod …`);
  return target;
}
