/**
 * `npx tsx bench/dynamodb-floor.ts`: what DynamoDB Local alone does with a vote's transaction, no
 * app in front. 50 clients each run, in a loop for 15 s, the transaction a vote writes (the
 * voter's balance, a ledger entry, the hot feature's total, the vote; `--no-feature` leaves the
 * feature out) after `--reads N` consistent GetItems, against a fresh in-memory DynamoDB Local,
 * and it prints throughput, p50 and p99. The hot-request scenarios of `npm run bench` cannot beat
 * these figures on the same machine, whatever the app does: they run `measureDynamoDbFloor` in the
 * same invocation and report their p99 as a ratio to it.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { startDynamoDbLocal } from '../infra/local/src/dynamodb-local';
import { freePort } from '../infra/local/src/stack';
import { ensureTable } from '../infra/local/src/table';

const TABLE = 'hatchworks-floor';

export interface FloorOptions {
  readonly clients: number;
  readonly seconds: number;
  /** Consistent GetItems before each transaction (a vote reads 3). */
  readonly reads: number;
  /** Whether the transaction adds to the one hot feature (4 items) or not (3). */
  readonly feature: boolean;
}

export interface FloorFigures extends FloorOptions {
  readonly transactions: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
}

/** Runs the floor against a fresh in-memory DynamoDB Local of its own and answers its figures. */
export async function measureDynamoDbFloor(options: FloorOptions): Promise<FloorFigures> {
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
    const deadline = Date.now() + options.seconds * 1000;
    let entry = 0;
    const client = async (id: number) => {
      while (Date.now() < deadline) {
        const started = performance.now();
        for (let read = 0; read < options.reads; read += 1) {
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
              ...(options.feature ? [add('F#hot', 'F', 'total_eggs')] : []),
              add(`V#${id}`, 'F#hot', 'eggs'),
            ],
          }),
        );
        latencies.push(performance.now() - started);
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: options.clients }, (_, id) => client(id)));
    const elapsed = (Date.now() - started) / 1000;
    db.destroy();
    latencies.sort((a, b) => a - b);
    const at = (share: number) => Math.round(latencies[Math.floor(latencies.length * share)] ?? 0);
    return {
      ...options,
      transactions: latencies.length,
      perSecond: Math.round((latencies.length / elapsed) * 10) / 10,
      p50: at(0.5),
      p99: at(0.99),
    };
  } finally {
    await dynamo.stop();
  }
}

export function formatFloor(floor: FloorFigures): string {
  return (
    `${floor.clients} clients, ${floor.reads} reads + a ${floor.feature ? 4 : 3}-item transaction each: ` +
    `${floor.transactions} in ${floor.seconds} s = ${floor.perSecond}/s, ` +
    `p50 ${floor.p50} ms, p99 ${floor.p99} ms`
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string', default: '50' },
      seconds: { type: 'string', default: '15' },
      reads: { type: 'string', default: '0' },
      'no-feature': { type: 'boolean', default: false },
    },
  });
  const floor = await measureDynamoDbFloor({
    clients: Number(values.clients),
    seconds: Number(values.seconds),
    reads: Number(values.reads),
    feature: !values['no-feature'],
  });
  console.log(formatFloor(floor));
}
