import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import {
  ContinuousBackupsUnavailableException,
  DeleteTableCommand,
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  PutItemCommand,
  QueryCommand,
  ResourceNotFoundException,
  RestoreTableToPointInTimeCommand,
  UpdateContinuousBackupsCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type DescribeTableCommandOutput,
  type TableStatus,
} from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adoptTable } from '../aws/ops/verbs/adopt-table';
import { copyPartition } from '../aws/ops/verbs/copy-partition';
import { dropTable } from '../aws/ops/verbs/drop-table';
import { restoreTable } from '../aws/ops/verbs/restore-table';
import {
  describeStacksAnswer,
  OUTPUTS,
  opsEnvironment,
  REGION,
  repoWithContext,
} from './support/ops';

const cloudFormation = mockClient(CloudFormationClient);
const dynamo = mockClient(DynamoDBClient);

const RESTORED = `${OUTPUTS.TableName}-restored-20261125T120000`;
const STREAM_ARN = `arn:aws:dynamodb:${REGION}:123456789012:table/${RESTORED}/stream/2026-11-27T10:15:30.123`;

/** DescribeTable's answer for the restored table in one state (a recording's fields). */
const tableAnswer = (
  status: TableStatus,
  extra: Partial<NonNullable<DescribeTableCommandOutput['Table']>> = {},
): DescribeTableCommandOutput => ({
  $metadata: { httpStatusCode: 200 },
  Table: {
    TableName: RESTORED,
    TableStatus: status,
    TableArn: `arn:aws:dynamodb:${REGION}:123456789012:table/${RESTORED}`,
    BillingModeSummary: { BillingMode: 'PAY_PER_REQUEST' },
    KeySchema: [
      { AttributeName: 'PK', KeyType: 'HASH' },
      { AttributeName: 'SK', KeyType: 'RANGE' },
    ],
    DeletionProtectionEnabled: false,
    ...extra,
  },
});

/** The operations of the DynamoDB calls made, in order, each DescribeTable with its answer. */
const dynamoCalls = () =>
  dynamo.calls().map((call) => {
    const name = (call.args[0] as { constructor: { name: string } }).constructor.name.replace(
      /Command$/,
      '',
    );
    const answer = call.returnValue as Promise<unknown>;
    return { name, input: call.args[0].input as Record<string, unknown>, answer };
  });

beforeEach(() => {
  cloudFormation.reset();
  dynamo.reset();
  cloudFormation.on(DescribeStacksCommand).resolves(describeStacksAnswer());
});

afterEach(() => {
  cloudFormation.reset();
  dynamo.reset();
});

afterAll(() => {
  // The next file of this process gets the SDK's own clients back.
  cloudFormation.restore();
  dynamo.restore();
});

describe('npm run ops -- restore-table', () => {
  beforeEach(() => {
    dynamo.on(DescribeContinuousBackupsCommand).resolves({
      ContinuousBackupsDescription: {
        ContinuousBackupsStatus: 'ENABLED',
        PointInTimeRecoveryDescription: {
          PointInTimeRecoveryStatus: 'ENABLED',
          EarliestRestorableDateTime: new Date('2026-10-23T08:00:00Z'),
          LatestRestorableDateTime: new Date('2026-11-27T09:59:55Z'),
        },
      },
    });
  });

  it('restores the table named by the TableName output and waits until the copy is ACTIVE', async () => {
    // Arrange: the copy is CREATING twice, then ACTIVE
    dynamo.on(RestoreTableToPointInTimeCommand).resolves({});
    dynamo
      .on(DescribeTableCommand)
      .resolvesOnce(tableAnswer('CREATING'))
      .resolvesOnce(tableAnswer('CREATING'))
      .resolves(tableAnswer('ACTIVE'));
    const { ops, lines } = opsEnvironment();
    // Act
    const target = await restoreTable(ops, { at: '2026-11-25T12:00:00Z' });
    // Assess
    expect(target).toBe(RESTORED);
    expect(dynamoCalls().map((call) => call.name)).toEqual([
      'DescribeContinuousBackups',
      'RestoreTableToPointInTime',
      'DescribeTable',
      'DescribeTable',
      'DescribeTable',
    ]);
    expect(dynamo.commandCalls(RestoreTableToPointInTimeCommand)[0]?.args[0].input).toEqual({
      SourceTableName: OUTPUTS.TableName,
      TargetTableName: RESTORED,
      RestoreDateTime: new Date('2026-11-25T12:00:00Z'),
    });
    expect(lines).toContain(
      `Check it:            AWS_REGION=${REGION} npm run admin -- audit-ledger --table ${RESTORED}`,
    );
  });

  it('refuses a time outside the recovery window, restoring nothing', async () => {
    const { ops } = opsEnvironment();

    await expect(restoreTable(ops, { at: '2026-09-01T00:00:00Z' })).rejects.toThrow(
      /restored from 2026-10-23T08:00:00.000Z to 2026-11-27T09:59:55.000Z/,
    );
    expect(dynamo.commandCalls(RestoreTableToPointInTimeCommand)).toHaveLength(0);
  });
});

describe('npm run ops -- adopt-table', () => {
  it('makes each change after the previous one is ACTIVE, then prints the switch with the current context', async () => {
    // Arrange: recorded answers; each UpdateTable leaves the table UPDATING for one poll, and
    // continuous backups are still being turned on at the first try
    dynamo
      .on(DescribeTableCommand)
      .resolvesOnce(tableAnswer('ACTIVE'))
      .resolvesOnce(tableAnswer('ACTIVE'))
      .resolvesOnce(tableAnswer('UPDATING'))
      .resolvesOnce(tableAnswer('ACTIVE'))
      .resolvesOnce(tableAnswer('UPDATING'))
      .resolvesOnce(tableAnswer('ACTIVE'))
      .resolves(
        tableAnswer('ACTIVE', {
          LatestStreamArn: STREAM_ARN,
          StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' },
          DeletionProtectionEnabled: true,
        }),
      );
    dynamo.on(UpdateTableCommand).resolves({});
    dynamo
      .on(DescribeTimeToLiveCommand)
      .resolves({ TimeToLiveDescription: { TimeToLiveStatus: 'DISABLED' } });
    dynamo.on(UpdateTimeToLiveCommand).resolves({});
    dynamo
      .on(UpdateContinuousBackupsCommand)
      .rejectsOnce(
        new ContinuousBackupsUnavailableException({
          message: 'Backups are being enabled for the table: ' + RESTORED,
          $metadata: {},
        }),
      )
      .resolves({});
    const repoRoot = repoWithContext({
      '@aws-cdk/core:target-partitions': ['aws', 'aws-cn'],
      region: REGION,
      alarmEmail: 'ops@example.com',
      mailFrom: 'Hatchworks <no-reply@example.com>',
      tokenKeyGeneration: '2',
    });
    const { ops, lines } = opsEnvironment({ repoRoot });
    // Act
    await adoptTable(ops, { table: RESTORED, context: ['stage=prod'] });
    // Assess: the order of the calls, and what DynamoDB answered just before each UpdateTable
    const calls = dynamoCalls();
    expect(calls.map((call) => call.name)).toEqual([
      'DescribeTable',
      'DescribeTable',
      'UpdateTable',
      'DescribeTable',
      'DescribeTable',
      'DescribeTimeToLive',
      'UpdateTimeToLive',
      'UpdateContinuousBackups',
      'UpdateContinuousBackups',
      'UpdateTable',
      'DescribeTable',
      'DescribeTable',
      'DescribeTable',
    ]);
    const statusBefore = async (index: number) => {
      const describes = calls.slice(0, index).filter((call) => call.name === 'DescribeTable');
      const last = (await describes.at(-1)?.answer) as DescribeTableCommandOutput;
      return last.Table?.TableStatus;
    };
    const updates = calls.flatMap((call, index) => (call.name === 'UpdateTable' ? [index] : []));
    expect(await Promise.all(updates.map(statusBefore))).toEqual(['ACTIVE', 'ACTIVE']);
    expect(calls[3]?.name).toBe('DescribeTable');
    expect(((await calls[3]?.answer) as DescribeTableCommandOutput).Table?.TableStatus).toBe(
      'UPDATING',
    );
    expect(calls[2]?.input).toEqual({
      TableName: RESTORED,
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' },
    });
    expect(calls[6]?.input).toEqual({
      TableName: RESTORED,
      TimeToLiveSpecification: { Enabled: true, AttributeName: 'expires_at' },
    });
    expect(calls[9]?.input).toEqual({ TableName: RESTORED, DeletionProtectionEnabled: true });
    expect(lines).toContain(
      `  npm run deploy -- -c stage=prod -c region=${REGION} -c alarmEmail=ops@example.com ` +
        `-c tableName=${RESTORED} -c tableStreamArn=${STREAM_ARN} -c tokenKeyGeneration=2 ` +
        `-c 'mailFrom=Hatchworks <no-reply@example.com>'`,
    );
    expect(lines).toContain('and, once deployed: npm run ops -- drop-search-snapshot');
  });

  it("refuses the stack's own table", async () => {
    const { ops } = opsEnvironment();

    await expect(adoptTable(ops, { table: OUTPUTS.TableName, context: [] })).rejects.toThrow(
      /already is Hatchworks-Prod's table/,
    );
    expect(dynamo.calls()).toHaveLength(0);
  });
});

describe('npm run ops -- copy-partition', () => {
  it('copies every page of the partition into the table of the TableName output', async () => {
    // Arrange: two pages
    const item = (sk: string) => ({ PK: { S: 'USER#01M8AM9DKMV6GBGMKQMZ6R80EZ' }, SK: { S: sk } });
    dynamo
      .on(QueryCommand)
      .resolvesOnce({
        Items: [item('PROFILE'), item('LEDGER#1')],
        LastEvaluatedKey: item('LEDGER#1'),
      })
      .resolves({ Items: [item('LEDGER#2')] });
    dynamo.on(PutItemCommand).resolves({});
    const { ops, lines } = opsEnvironment();
    // Act
    await copyPartition(ops, { from: RESTORED, pk: 'USER#01M8AM9DKMV6GBGMKQMZ6R80EZ' });
    // Assess
    const queries = dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input);
    expect(queries.map((query) => query.TableName)).toEqual([RESTORED, RESTORED]);
    expect(queries[1]?.ExclusiveStartKey).toEqual(item('LEDGER#1'));
    expect(dynamo.commandCalls(PutItemCommand).map((call) => call.args[0].input)).toEqual(
      ['PROFILE', 'LEDGER#1', 'LEDGER#2'].map((sk) => ({
        TableName: OUTPUTS.TableName,
        Item: item(sk),
      })),
    );
    expect(lines[0]).toBe(
      `Copied 3 item(s) of USER#01M8AM9DKMV6GBGMKQMZ6R80EZ from ${RESTORED} into ${OUTPUTS.TableName}.`,
    );
  });

  it('refuses a MAIL# or EVENT# partition, whose copy the stream would send again', async () => {
    const { ops } = opsEnvironment();

    for (const pk of ['MAIL#01JD0000000000000000000000', 'EVENT#01JD0000000000000000000000']) {
      await expect(copyPartition(ops, { from: RESTORED, pk })).rejects.toThrow(/again/);
    }
    expect(dynamo.calls()).toHaveLength(0);
  });
});

describe('npm run ops -- drop-table', () => {
  it('turns off deletion protection, waits for ACTIVE, deletes, and waits until the table is gone', async () => {
    // Arrange: the old table after a switch, still protected
    const OLD = OUTPUTS.TableName;
    cloudFormation
      .on(DescribeStacksCommand)
      .resolves(describeStacksAnswer({ ...OUTPUTS, TableName: RESTORED }));
    dynamo
      .on(DescribeTableCommand)
      .resolvesOnce(tableAnswer('ACTIVE', { TableName: OLD }))
      .resolvesOnce(tableAnswer('ACTIVE', { TableName: OLD, DeletionProtectionEnabled: true }))
      .resolvesOnce(tableAnswer('UPDATING', { TableName: OLD }))
      .resolvesOnce(tableAnswer('ACTIVE', { TableName: OLD }))
      .resolvesOnce(tableAnswer('DELETING', { TableName: OLD }))
      .rejects(
        new ResourceNotFoundException({
          message: `Requested resource not found: Table: ${OLD} not found`,
          $metadata: {},
        }),
      );
    dynamo.on(UpdateTableCommand).resolves({});
    dynamo.on(DeleteTableCommand).resolves({});
    const { ops, lines } = opsEnvironment();
    // Act
    await dropTable(ops, { table: OLD });
    // Assess
    expect(dynamoCalls().map((call) => call.name)).toEqual([
      'DescribeTable',
      'DescribeTable',
      'UpdateTable',
      'DescribeTable',
      'DescribeTable',
      'DeleteTable',
      'DescribeTable',
      'DescribeTable',
    ]);
    expect(dynamo.commandCalls(UpdateTableCommand)[0]?.args[0].input).toEqual({
      TableName: OLD,
      DeletionProtectionEnabled: false,
    });
    expect(lines.at(-1)).toBe(`${OLD} is gone.`);
  });

  it("never drops the stack's own table", async () => {
    const { ops } = opsEnvironment();

    await expect(dropTable(ops, { table: OUTPUTS.TableName })).rejects.toThrow(/it is not dropped/);
    expect(dynamo.calls()).toHaveLength(0);
  });
});
