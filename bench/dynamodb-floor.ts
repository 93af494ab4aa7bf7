/**
 * `npx tsx bench/dynamodb-floor.ts`: what DynamoDB Local alone does with a vote's transaction, no
 * app in front. 50 clients each run, in a loop for 15 s, the transaction a vote writes (the
 * voter's balance, a ledger entry, the hot feature's total, the vote; `--no-feature` leaves the
 * feature out) after `--reads N` consistent GetItems, against a fresh in-memory DynamoDB Local,
 * and it prints throughput, p50 and p99. The hot-request scenarios of `npm run bench` cannot beat
 * these figures on the same machine, whatever the app does.
 */
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { startDynamoDbLocal } from '../infra/local/src/dynamodb-local';
import { freePort } from '../infra/local/src/stack';
import { ensureTable } from '../infra/local/src/table';

const TABLE = 'hatchworks-floor';
const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '15' },
    reads: { type: 'string', default: '0' },
    'no-feature': { type: 'boolean', default: false },
  },
});
const clients = Number(values.clients);
const seconds = Number(values.seconds);
const reads = Number(values.reads);

const dynamo = await startDynamoDbLocal({ port: await freePort() });
try {
  await ensureTable(dynamo.client, TABLE);
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: dynamo.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const add = (PK: string, SK: string, attribute: string) => ({
    Update: {
      TableName: TABLE,
      Key: { PK, SK },
      UpdateExpression: `ADD ${attribute} :one`,
      ExpressionAttributeValues: { ':one': 1 },
    },
  });
  const latencies: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  let entry = 0;
  const client = async (id: number) => {
    while (Date.now() < deadline) {
      const started = performance.now();
      for (let read = 0; read < reads; read += 1) {
        await db.send(
          new GetCommand({
            TableName: TABLE,
            Key: { PK: `U#${id}`, SK: 'U' },
            ConsistentRead: true,
          }),
        );
      }
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            add(`U#${id}`, 'U', 'egg_balance'),
            { Put: { TableName: TABLE, Item: { PK: `U#${id}`, SK: `L#${(entry += 1)}` } } },
            ...(values['no-feature'] ? [] : [add('F#hot', 'F', 'total_eggs')]),
            add(`V#${id}`, 'F#hot', 'eggs'),
          ],
        }),
      );
      latencies.push(performance.now() - started);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: clients }, (_, id) => client(id)));
  const elapsed = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (share: number) => Math.round(latencies[Math.floor(latencies.length * share)] ?? 0);
  const items = values['no-feature'] ? 3 : 4;
  console.log(
    `${clients} clients, ${reads} reads + a ${items}-item transaction each: ` +
      `${latencies.length} in ${elapsed.toFixed(1)} s = ${(latencies.length / elapsed).toFixed(1)}/s, ` +
      `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`,
  );
} finally {
  await dynamo.stop();
}
