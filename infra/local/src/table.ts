import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
  type DynamoDBClient,
  type GlobalSecondaryIndex,
} from '@aws-sdk/client-dynamodb';
import { TABLE_DEFINITION } from '@hatchworks/functions/modules/table/table-definition';

const stringAttribute = (name: string): AttributeDefinition => ({
  AttributeName: name,
  AttributeType: 'S',
});

function indexDefinition(
  index: (typeof TABLE_DEFINITION.globalIndexes)[number],
): GlobalSecondaryIndex {
  return {
    IndexName: index.indexName,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' },
      { AttributeName: index.sortKey, KeyType: 'RANGE' },
    ],
    Projection: { ProjectionType: 'ALL' },
  };
}

async function describe(client: DynamoDBClient, tableName: string) {
  try {
    return (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return undefined;
    throw error;
  }
}

/**
 * Creates the table from TABLE_DEFINITION when it is missing, adds any index a newer definition
 * declares, and turns TTL and the change stream on: the local twin of the CDK table.
 */
export async function ensureTable(
  client: DynamoDBClient,
  tableName: string,
): Promise<'created' | 'existing'> {
  const def = TABLE_DEFINITION;
  const existing = await describe(client, tableName);
  if (!existing) {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: def.partitionKey, KeyType: 'HASH' },
          { AttributeName: def.sortKey, KeyType: 'RANGE' },
        ],
        AttributeDefinitions: [
          stringAttribute(def.partitionKey),
          stringAttribute(def.sortKey),
          ...def.globalIndexes.flatMap((index) => [
            stringAttribute(index.partitionKey),
            stringAttribute(index.sortKey),
          ]),
        ],
        GlobalSecondaryIndexes: def.globalIndexes.map(indexDefinition),
        StreamSpecification: { StreamEnabled: true, StreamViewType: def.streamView },
      }),
    );
  } else {
    // A table made before the stream existed gets it (a local data folder of an older version).
    if (!existing.StreamSpecification?.StreamEnabled) {
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          StreamSpecification: { StreamEnabled: true, StreamViewType: def.streamView },
        }),
      );
    }
    const present = new Set(
      (existing.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName),
    );
    for (const index of def.globalIndexes.filter(
      (candidate) => !present.has(candidate.indexName),
    )) {
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: [
            stringAttribute(index.partitionKey),
            stringAttribute(index.sortKey),
          ],
          GlobalSecondaryIndexUpdates: [{ Create: indexDefinition(index) }],
        }),
      );
    }
  }
  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: def.ttlAttribute, Enabled: true },
      }),
    );
  }
  return existing ? 'existing' : 'created';
}
