import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  TrimmedDataAccessException,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { selects, type TableStreamFilter } from '@hatchworks/functions/modules/table/stream-filter';
import { sendUnsigned } from './unsigned-requests';

/** A function fed by the table's stream, as Lambda's event source mapping feeds it on AWS. */
export interface StreamConsumer {
  readonly name: string;
  /**
   * The event source filter of its function on AWS; several filters select a record that passes
   * any of them (as several filters of one mapping).
   */
  readonly filter: TableStreamFilter | readonly TableStreamFilter[];
  readonly handler: () => Promise<(event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>>;
}

export interface StreamPollerOptions {
  readonly dynamo: DynamoDBClient;
  readonly endpoint: string;
  readonly tableName: string;
  readonly consumers: readonly StreamConsumer[];
  /** The first pause after a read that found nothing new; it doubles while nothing comes. @default 100 */
  readonly idleMs?: number;
  /** The longest pause between reads while nothing is written (`nudge` ends a pause). @default 1000 */
  readonly maxIdleMs?: number;
  /** Tries per batch before its records are dropped (the DLQ on AWS). @default 3 */
  readonly attempts?: number;
}

export interface StreamPoller {
  /** Something was written to the table: read the stream now instead of after the pause. */
  nudge(): void;
  /** Stops reading; resolves once the batch in hand is delivered. */
  stop(): Promise<void>;
}

/** How often the stream's shards are listed again while every known shard is being read. */
const DISCOVER_EVERY_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stream record in the shape Lambda hands to a function (`DynamoDBStreamEvent`). */
function asLambdaRecord(record: StreamRecord, streamArn: string) {
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: record.awsRegion,
    eventSourceARN: streamArn,
    dynamodb: {
      ...record.dynamodb,
      ApproximateCreationDateTime: record.dynamodb?.ApproximateCreationDateTime
        ? record.dynamodb.ApproximateCreationDateTime.getTime() / 1000
        : undefined,
    },
  } as DynamoDBStreamEvent['Records'][number];
}

/**
 * The local stand-in for Lambda's DynamoDB event source mappings: it reads the table's stream on
 * DynamoDB Local, shard by shard, and hands each consumer the new records its filter selects, in
 * order, as one `DynamoDBStreamEvent` per read. A batch that fails (throws, or reports
 * `batchItemFailures`) is tried again from its earliest failed record (as Lambda resumes at the
 * lowest sequence number reported), `attempts` times in all, and
 * then dropped with a log line, as AWS would send it to the dead-letter queue. It starts at the
 * stream's end: records written before the local stack started are not replayed.
 */
export async function startStreamPoller(options: StreamPollerOptions): Promise<StreamPoller> {
  const table = await options.dynamo.send(
    new DescribeTableCommand({ TableName: options.tableName }),
  );
  const streamArn = table.Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`${options.tableName} has no stream`);
  const streams = sendUnsigned(
    new DynamoDBStreamsClient({
      endpoint: options.endpoint,
      region: process.env.AWS_REGION ?? 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const idleMs = options.idleMs ?? 100;
  const maxIdleMs = Math.max(idleMs, options.maxIdleMs ?? 1000);
  const attempts = options.attempts ?? 3;
  let stopped = false;
  /** Open shards and where their next read starts. */
  const iterators = new Map<string, string>();
  const finished = new Set<string>();
  /** The last record read of each shard: an iterator that expired resumes right after it. */
  const lastRead = new Map<string, string>();
  let discoveredAt = 0;

  async function shardIterator(
    shardId: string,
    type: 'LATEST' | 'TRIM_HORIZON' | 'AFTER_SEQUENCE_NUMBER',
  ) {
    const answer = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: streamArn,
        ShardId: shardId,
        ShardIteratorType: type,
        ...(type === 'AFTER_SEQUENCE_NUMBER' ? { SequenceNumber: lastRead.get(shardId) } : {}),
      }),
    );
    return answer.ShardIterator;
  }

  /**
   * Finds shards without an iterator: those open at start begin at their end, later ones at their
   * start, and one whose iterator expired right after its last record read.
   */
  async function discover(initial: boolean) {
    discoveredAt = Date.now();
    const described = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of described.StreamDescription?.Shards ?? []) {
      const id = shard.ShardId;
      if (!id || iterators.has(id) || finished.has(id)) continue;
      const open = shard.SequenceNumberRange?.EndingSequenceNumber === undefined;
      if (initial && !open) {
        finished.add(id);
        continue;
      }
      const type = lastRead.has(id) ? 'AFTER_SEQUENCE_NUMBER' : initial ? 'LATEST' : 'TRIM_HORIZON';
      const iterator = await shardIterator(id, type);
      if (iterator) iterators.set(id, iterator);
    }
  }

  async function deliver(consumer: StreamConsumer, records: StreamRecord[]) {
    let pending = records.filter((record) => selects(consumer.filter, record));
    for (let attempt = 1; pending.length > 0; attempt += 1) {
      let from = 0;
      try {
        const handler = await consumer.handler();
        const answer = await handler({
          Records: pending.map((record) => asLambdaRecord(record, streamArn!)),
        });
        const failed = new Set(answer?.batchItemFailures?.map((item) => item.itemIdentifier));
        if (failed.size === 0) return;
        // A failure that names no record of the batch fails all of it, as on AWS.
        from = Math.max(
          0,
          pending.findIndex((record) => failed.has(record.dynamodb?.SequenceNumber ?? '')),
        );
      } catch (error) {
        console.error(`Stream consumer ${consumer.name} failed:`, error);
      }
      if (attempt >= attempts) {
        console.error(
          `Stream consumer ${consumer.name}: ${pending.length} record(s) dropped after ${attempts} tries`,
        );
        return;
      }
      pending = pending.slice(from);
      await sleep(idleMs * attempt);
    }
  }

  async function readShard(shardId: string, iterator: string): Promise<boolean> {
    let answer;
    try {
      answer = await streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
    } catch (error) {
      if (
        error instanceof ExpiredIteratorException ||
        error instanceof TrimmedDataAccessException
      ) {
        iterators.delete(shardId);
        discoveredAt = 0;
        return false;
      }
      throw error;
    }
    const records = answer.Records ?? [];
    const last = records.at(-1)?.dynamodb?.SequenceNumber;
    if (last) lastRead.set(shardId, last);
    if (answer.NextShardIterator) iterators.set(shardId, answer.NextShardIterator);
    else {
      iterators.delete(shardId);
      finished.add(shardId);
      // Its child shard takes over: list the shards again in the next round.
      discoveredAt = 0;
    }
    for (const consumer of options.consumers) await deliver(consumer, records);
    return records.length > 0;
  }

  await discover(true);

  // Every read of the stream costs DynamoDB Local CPU whether or not it finds records: while the
  // table is quiet the pause grows, and a write (`nudge`) ends it at once.
  let pause = idleMs;
  let wake: (() => void) | undefined;
  const rest = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  let nudged = false;

  const loop = (async () => {
    while (!stopped) {
      nudged = false;
      let busy = false;
      try {
        // New shards appear when one closes (which resets `discoveredAt`), else rarely.
        if (Date.now() - discoveredAt > DISCOVER_EVERY_MS) {
          await discover(false);
        }
        for (const [shardId, iterator] of [...iterators]) {
          if (stopped) break;
          busy = (await readShard(shardId, iterator)) || busy;
        }
      } catch (error) {
        if (!stopped) console.error('Reading the table stream failed:', error);
      }
      if (busy || nudged) pause = idleMs;
      else if (!stopped) {
        const ms = pause;
        pause = Math.min(pause * 2, maxIdleMs);
        await rest(ms);
      }
    }
  })();

  return {
    nudge: () => {
      nudged = true;
      pause = idleMs;
      wake?.();
    },
    stop: async () => {
      stopped = true;
      wake?.();
      await loop;
      streams.destroy();
    },
  };
}
